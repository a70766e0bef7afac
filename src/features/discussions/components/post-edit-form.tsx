import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { AppDatabase } from '@/db/database';
import { THREAD_TEXT } from '../constants';
import { useLocalDraft } from '../hooks/use-local-draft';
import { postEditDraftId } from '../model/ids';
import type { PostRow } from '../model/types';
import { savePostEditDraft } from '../model/writes';
import { MarkdownTextarea } from './markdown-textarea';

/** Where an edit's draft is kept: the member's drafts (this device at once, then their others). */
export type EditDraftStore = { db: AppDatabase; memberId: string };

type Props = {
  post: PostRow;
  store: EditDraftStore;
  /** Sends the edit; true when it was taken (the form closes and its draft goes). */
  onSave: (content: string) => Promise<boolean>;
  onClose: () => void;
};

/**
 * Editing a post, with its draft kept like a reply's: reopening the edit (after a reload, or on another
 * device) offers the unfinished text back; saving or cancelling removes it.
 */
export function PostEditForm({ post, store, onSave, onClose }: Props) {
  const [text, setText] = useState(post.content);
  const draft = useLocalDraft({
    db: store.db,
    draftId: postEditDraftId(store.memberId, post.id),
    memberId: store.memberId,
    value: text,
    onRestore: (stored) => setText(stored.content ?? post.content),
    onRemoved: () => setText(post.content),
    save: (value) => savePostEditDraft(store.db, store.memberId, post.id, value, post.content),
  });

  return (
    <form
      className="space-y-2"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!(await onSave(text))) return;
        await draft.clear();
        onClose();
      }}
    >
      <MarkdownTextarea
        id={`edit-${post.id}`}
        aria-label={THREAD_TEXT.edit}
        value={text}
        onValueChange={(next) => {
          draft.touch();
          setText(next);
        }}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          {THREAD_TEXT.save}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            void draft.clear();
            onClose();
          }}
        >
          {THREAD_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
