import { X } from 'lucide-react';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import type { AppDatabase } from '@/db/database';
import { toast } from '@/stores/toast-store';
import { REPLY_TEXT, THREAD_TOASTS } from '../constants';
import { useLocalDraft } from '../hooks/use-local-draft';
import { replyDraftInput } from '../model/drafts';
import { buildQuote } from '../model/editor';
import { replyDraftId } from '../model/ids';
import type { PostRow } from '../model/types';
import { insertReply, newReply, saveReplyDraft } from '../model/writes';
import { validateReply } from '../validation';
import { MarkdownTextarea, type MarkdownTextareaHandle } from './markdown-textarea';

export type ReplyEditorHandle = {
  /** Pre-fills a quote of a post and focuses the editor. */
  quote: (postId: string, authorName: string, content: string) => void;
  /** Puts text back into the editor (a refused reply kept as a draft). */
  restore: (content: string, quotedPostId: string | null) => void;
};

type ReplyEditorProps = {
  db: AppDatabase;
  discussionId: string;
  memberId: string;
  /**
   * Called with the reply before it is stored, so the thread shows it in the
   * frame of the click; `stored` settles when the local store has it.
   */
  onPosted: (reply: PostRow, stored: Promise<void>) => void;
  /** Text to add after any draft and focus the editor ('' only focuses it): a reply begun on a notification. */
  prefill?: string;
  /** The prefill is in the editor (and so in its draft): the caller drops it from the URL, so a reload adds nothing. */
  onPrefilled?: () => void;
};

/** The bottom reply form: markdown toolbar, quoting, drafts saved as you type. */
export const ReplyEditor = forwardRef<ReplyEditorHandle, ReplyEditorProps>(function ReplyEditor(
  { db, discussionId, memberId, onPosted, prefill, onPrefilled },
  ref,
) {
  const [text, setText] = useState('');
  const [quotedPostId, setQuotedPostId] = useState<string | null>(null);
  const [quotedAuthor, setQuotedAuthor] = useState<string | null>(null);
  const editor = useRef<MarkdownTextareaHandle>(null);
  const value = useMemo(() => ({ text, quotedPostId }), [text, quotedPostId]);
  const draft = useLocalDraft({
    db,
    draftId: replyDraftId(memberId, discussionId),
    memberId,
    value,
    onRestore: (stored) => {
      const restored = replyDraftInput(stored);
      setText(restored.text);
      setQuotedPostId(restored.quotedPostId);
    },
    onRemoved: () => {
      setText('');
      setQuotedPostId(null);
    },
    save: (v) => saveReplyDraft(db, memberId, discussionId, v.text, v.quotedPostId),
  });

  const change = (next: string) => {
    draft.touch();
    setText(next);
  };

  const prefilled = useRef(false);
  useEffect(() => {
    if (prefill === undefined || !draft.restored || prefilled.current) return;
    prefilled.current = true;
    if (prefill) {
      draft.touch();
      setText((current) => (current ? `${current}\n\n${prefill}` : prefill));
    }
    requestAnimationFrame(() => editor.current?.focus());
    onPrefilled?.();
  }, [prefill, draft, onPrefilled]);

  useImperativeHandle(ref, () => ({
    quote(postId, authorName, content) {
      draft.touch();
      setQuotedPostId(postId);
      setQuotedAuthor(authorName);
      setText((current) => buildQuote(authorName, content) + current);
      requestAnimationFrame(() => editor.current?.focus());
    },
    restore(content, quoted) {
      draft.touch();
      setText(content);
      setQuotedPostId(quoted);
      setQuotedAuthor(null);
      requestAnimationFrame(() => editor.current?.focus());
    },
  }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = validateReply(text);
    if (!result.ok) {
      toast({ variant: 'destructive', ...THREAD_TOASTS.emptyReply });
      return;
    }
    // Shown first, stored after: nothing between the click and the frame that shows the reply waits for IndexedDB.
    const reply = newReply(memberId, discussionId, result.value, quotedPostId);
    const before = { text, quotedPostId, quotedAuthor };
    setText('');
    setQuotedPostId(null);
    setQuotedAuthor(null);
    const stored = insertReply(db, reply);
    onPosted(reply, stored);
    // The draft goes once the reply is stored; if storing fails, the text comes back instead.
    stored.then(
      () => draft.clear(),
      (err: unknown) => {
        draft.touch();
        setText(before.text);
        setQuotedPostId(before.quotedPostId);
        setQuotedAuthor(before.quotedAuthor);
        toast({ variant: 'destructive', ...THREAD_TOASTS.replyFailed(err instanceof Error ? err.message : String(err)) });
      },
    );
  }

  // Disabled only when nothing at all is typed: whitespace-only submits and is refused with the Empty Reply toast.
  const empty = text.length === 0;
  return (
    <form onSubmit={submit} className="space-y-3" data-testid="reply-form">
      <Label htmlFor="reply-content" className="text-base font-semibold">
        {REPLY_TEXT.label}
      </Label>
      {quotedPostId ? (
        <div className="flex items-center justify-between rounded bg-muted px-3 py-1 text-sm">
          <span>
            {REPLY_TEXT.replyingTo} {quotedAuthor ?? ''}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={REPLY_TEXT.cancelQuote}
            onClick={() => {
              draft.touch();
              setQuotedPostId(null);
              setQuotedAuthor(null);
            }}
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : null}
      <MarkdownTextarea ref={editor} id="reply-content" value={text} onValueChange={change} placeholder={REPLY_TEXT.placeholder} />
      <div className="flex justify-end">
        <Button type="submit" disabled={empty}>
          {REPLY_TEXT.submit}
        </Button>
      </div>
    </form>
  );
});
