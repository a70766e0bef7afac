import { X } from 'lucide-react';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type FormEvent } from 'react';
import { take } from 'rxjs';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import type { AppDatabase } from '@/db/database';
import { toast } from '@/stores/toast-store';
import { DRAFT_SAVE_DEBOUNCE_MS, REPLY_TEXT, THREAD_TOASTS } from '../constants';
import { buildQuote } from '../model/editor';
import { replyDraftId } from '../model/ids';
import { draft$ } from '../model/local-queries';
import { clearDraft, createReply, saveReplyDraft } from '../model/writes';
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
  /** Called with the id of the reply just written locally. */
  onPosted: (postId: string) => void;
};

/** The bottom reply form: markdown toolbar, quoting, drafts saved as you type (spec B section 2). */
export const ReplyEditor = forwardRef<ReplyEditorHandle, ReplyEditorProps>(function ReplyEditor({ db, discussionId, memberId, onPosted }, ref) {
  const [text, setText] = useState('');
  const [quotedPostId, setQuotedPostId] = useState<string | null>(null);
  const [quotedAuthor, setQuotedAuthor] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  const [restored, setRestored] = useState(false);
  const editor = useRef<MarkdownTextareaHandle>(null);
  const dirty = useRef(false);

  // Give back the draft saved before a reload or an app restart, once.
  useEffect(() => {
    setRestored(false);
    dirty.current = false;
    const sub = draft$(db, replyDraftId(discussionId)).pipe(take(1)).subscribe((draft) => {
      if (!dirty.current && draft && draft.user_id === memberId) {
        setText(draft.content ?? '');
        const quoted = (draft.fields as { quoted_post_id?: string | null } | null)?.quoted_post_id ?? null;
        setQuotedPostId(quoted);
      }
      setRestored(true);
    });
    return () => sub.unsubscribe();
  }, [db, discussionId, memberId]);

  // Save as the member types, after a short pause.
  useEffect(() => {
    if (!restored || !dirty.current) return;
    const timer = setTimeout(() => {
      void saveReplyDraft(db, memberId, discussionId, text, quotedPostId);
    }, DRAFT_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [db, memberId, discussionId, text, quotedPostId, restored]);

  const change = (value: string) => {
    dirty.current = true;
    setText(value);
  };

  useImperativeHandle(ref, () => ({
    quote(postId, authorName, content) {
      dirty.current = true;
      setQuotedPostId(postId);
      setQuotedAuthor(authorName);
      setText((current) => buildQuote(authorName, content) + current);
      requestAnimationFrame(() => editor.current?.focus());
    },
    restore(content, quoted) {
      dirty.current = true;
      setText(content);
      setQuotedPostId(quoted);
      setQuotedAuthor(null);
      requestAnimationFrame(() => editor.current?.focus());
    },
  }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const result = validateReply(text);
    if (!result.ok) {
      toast({ variant: 'destructive', ...THREAD_TOASTS.emptyReply });
      return;
    }
    setPosting(true);
    try {
      const id = await createReply(db, memberId, discussionId, result.value, quotedPostId);
      dirty.current = false;
      setText('');
      setQuotedPostId(null);
      setQuotedAuthor(null);
      await clearDraft(db, replyDraftId(discussionId));
      onPosted(id);
    } catch (err) {
      toast({ variant: 'destructive', ...THREAD_TOASTS.replyFailed(err instanceof Error ? err.message : String(err)) });
    } finally {
      setPosting(false);
    }
  }

  const empty = text.trim() === '';
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
              dirty.current = true;
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
        <Button type="submit" disabled={empty || posting}>
          {posting ? REPLY_TEXT.submitting : REPLY_TEXT.submit}
        </Button>
      </div>
    </form>
  );
});
