import { NativeSelect } from '@/components/ui/native-select';
import { UNREAD_TEXT } from '../constants';
import { NOTIFICATION_LEVELS, type NotificationLevel } from '../model/read-state';

type LevelSelectProps = {
  id: string;
  label: string;
  value: NotificationLevel;
  onChange: (level: NotificationLevel) => void;
  testId?: string;
};

/** Following / Normal / Muted, with what the chosen one means under it. */
export function LevelSelect({ id, label, value, onChange, testId }: LevelSelectProps) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <NativeSelect
        id={id}
        data-testid={testId}
        className="h-9 w-auto"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value as NotificationLevel)}
      >
        {NOTIFICATION_LEVELS.map((level) => (
          <option key={level} value={level}>
            {UNREAD_TEXT.levels[level]}
          </option>
        ))}
      </NativeSelect>
      <span id={`${id}-hint`} className="basis-full text-xs text-muted-foreground">
        {UNREAD_TEXT.levelHints[value]}
      </span>
    </div>
  );
}
