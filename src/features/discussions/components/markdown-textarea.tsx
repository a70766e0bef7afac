import { Bold, Code, Italic, Link2, Quote, Strikethrough, type LucideIcon } from 'lucide-react';
import { forwardRef, useId, useImperativeHandle, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { REPLY_TEXT } from '../constants';
import { insertMention, mentionAt } from '@/lib/mentions';
import { cn } from '@/lib/utils';
import { useMentionSuggestions, type MentionCandidate } from '../hooks/use-mention-suggestions';
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

/**
 * A textarea with the reply editor's markdown toolbar and @mention suggestions:
 * typing `@` and a name lists matching members under the text (a listbox the
 * textarea controls: arrows move, Enter or Tab picks, Escape closes; a tap
 * picks too), and picking writes `@username `.
 */
export const MarkdownTextarea = forwardRef<MarkdownTextareaHandle, MarkdownTextareaProps>(function MarkdownTextarea(
  { value, onValueChange, id, onKeyDown, ...props },
  ref,
) {
  const area = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const mention = caret === null ? null : mentionAt(value, caret);
  const mentionKey = mention ? `${mention.start}:${mention.query}` : null;
  const suggestions = useMentionSuggestions(mention && mention.query !== '' ? mention.query : null);
  const open = mention !== null && suggestions.length > 0 && dismissed !== mentionKey;
  const activeIndex = Math.min(active, suggestions.length - 1);
  const optionId = (i: number) => `${listId}-option-${i}`;

  function pick(member: MentionCandidate) {
    if (!mention || caret === null) return;
    const next = insertMention(value, mention.start, caret, member.username);
    onValueChange(next.text);
    setCaret(next.caret);
    setActive(0);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(next.caret, next.caret);
    });
  }

  function keyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + suggestions.length) % suggestions.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(suggestions[activeIndex]);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setDismissed(mentionKey);
        return;
      }
    }
    onKeyDown?.(e);
  }
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
        onChange={(e) => {
          setCaret(e.target.selectionStart);
          setActive(0);
          onValueChange(e.target.value);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onBlur={() => setCaret(null)}
        onKeyDown={keyDown}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        className="min-h-32 rounded-t-none border-0 focus-visible:ring-0 focus-visible:ring-offset-0"
        {...props}
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label={REPLY_TEXT.mentionList} className="max-h-64 overflow-y-auto border-t p-1" data-testid="mention-suggestions">
          {suggestions.map((member, i) => (
            <li
              key={member.username}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              // The pointer picks without taking the focus from the text.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(member)}
              className={cn('flex min-h-11 cursor-pointer items-center gap-2 rounded px-2 text-sm', i === activeIndex && 'bg-accent text-accent-foreground')}
            >
              <span className="truncate font-medium">{member.displayName}</span>
              <span className="truncate text-muted-foreground">@{member.username}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="sr-only" role="status">
        {open ? REPLY_TEXT.mentionCount(suggestions.length) : ''}
      </p>
    </div>
  );
});
