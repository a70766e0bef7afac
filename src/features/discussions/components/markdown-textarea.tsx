import { Bold, Code, Italic, Link2, Quote, Strikethrough, type LucideIcon } from 'lucide-react';
import { forwardRef, useImperativeHandle, useRef, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { REPLY_TEXT } from '../constants';
import { applyToolbar, type ToolbarAction } from '../model/editor';

const TOOLS: { action: ToolbarAction; label: string; icon: LucideIcon }[] = [
  { action: 'bold', label: REPLY_TEXT.bold, icon: Bold },
  { action: 'italic', label: REPLY_TEXT.italic, icon: Italic },
  { action: 'strikethrough', label: REPLY_TEXT.strikethrough, icon: Strikethrough },
  { action: 'code', label: REPLY_TEXT.code, icon: Code },
  { action: 'link', label: REPLY_TEXT.link, icon: Link2 },
  { action: 'quote', label: REPLY_TEXT.quote, icon: Quote },
];

type MarkdownTextareaProps = Omit<ComponentProps<'textarea'>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

export type MarkdownTextareaHandle = { focus: () => void };

/** A textarea with the reply editor's markdown toolbar. */
export const MarkdownTextarea = forwardRef<MarkdownTextareaHandle, MarkdownTextareaProps>(function MarkdownTextarea(
  { value, onValueChange, id, ...props },
  ref,
) {
  const area = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => ({
    focus: () => {
      const el = area.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    },
  }));

  function apply(action: ToolbarAction) {
    const el = area.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const url = action === 'link' ? window.prompt(REPLY_TEXT.linkPrompt, 'https://') : undefined;
    const next = applyToolbar({ text: value, start, end }, action, url);
    if (next.text === value) return;
    onValueChange(next.text);
    // Restore the selection after React writes the new value.
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(next.start, next.end);
    });
  }

  return (
    <div className="rounded-md border border-input focus-within:ring-2 focus-within:ring-ring">
      <div role="toolbar" aria-label={REPLY_TEXT.toolbarLabel} aria-controls={id} className="flex flex-wrap gap-1 border-b p-1">
        {TOOLS.map(({ action, label, icon: Icon }) => (
          <Button key={action} type="button" variant="ghost" size="sm" className="size-9 p-0" aria-label={label} title={label} onClick={() => apply(action)}>
            <Icon aria-hidden />
          </Button>
        ))}
      </div>
      <Textarea
        ref={area}
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className="min-h-32 rounded-t-none border-0 focus-visible:ring-0 focus-visible:ring-offset-0"
        {...props}
      />
    </div>
  );
});
