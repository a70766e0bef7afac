import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { map } from 'rxjs';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useDatabase } from '@/db/hooks/use-database';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { bookmarkId, removeBookmark, saveBookmark } from '@/db/pinning';
import type { SyncHandle } from '@/db/replication/sync';
import { BOOKMARK_NOTE_MAX, type PinnedDoc } from '@/db/schemas/pinned';
import { toast } from '@/stores/toast-store';
import { BOOKMARK_TEXT } from '../constants';
import { reminderIso, reminderLocal } from '../model/bookmarks';

type Props = {
  userId: string;
  threadId: string;
  sync: SyncHandle | null;
};

/** Bookmarks a thread, with an optional note and reminder; saved on the device at once, synced to the member's other devices. */
export function BookmarkThreadButton({ userId, threadId, sync }: Props) {
  const db = useDatabase();
  const id = bookmarkId(userId, 'discussion', threadId);
  const existing = useLiveQuery((d) => d.pinned.findOne(id).$.pipe(map((doc) => (doc ? (doc.toJSON() as PinnedDoc) : null))), [id], null).value;
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [remindAt, setRemindAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const remindId = useId();
  const errorId = useId();

  function show(next: boolean) {
    if (next) {
      setNote(existing?.note ?? '');
      setRemindAt(reminderLocal(existing?.remind_at));
      setError(null);
    }
    setOpen(next);
  }

  async function save() {
    if (!db) return;
    try {
      await saveBookmark(db, userId, { type: 'discussion', entityId: threadId, note, remindAt: reminderIso(remindAt) }, sync);
      setOpen(false);
      toast({ variant: 'success', title: BOOKMARK_TEXT.saved });
    } catch (e) {
      setError(e instanceof Error ? e.message : BOOKMARK_TEXT.failed);
    }
  }

  async function remove() {
    if (!db) return;
    await removeBookmark(db, id);
    setOpen(false);
    toast({ title: BOOKMARK_TEXT.removed });
  }

  const Icon = existing ? BookmarkCheck : Bookmark;
  return (
    <>
      <Button type="button" variant="outline" size="sm" aria-pressed={existing !== null} disabled={!db} onClick={() => show(true)} data-testid="bookmark">
        <Icon aria-hidden />
        {existing ? BOOKMARK_TEXT.bookmarked : BOOKMARK_TEXT.bookmark}
      </Button>
      <Dialog open={open} onOpenChange={show}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{BOOKMARK_TEXT.dialogTitle}</DialogTitle>
            <DialogDescription>{BOOKMARK_TEXT.dialogDescription}</DialogDescription>
          </DialogHeader>
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <div className="space-y-2">
              <Label htmlFor={noteId}>{BOOKMARK_TEXT.noteLabel}</Label>
              <Textarea id={noteId} value={note} maxLength={BOOKMARK_NOTE_MAX} onChange={(e) => setNote(e.target.value)} rows={3} />
            </div>
            <div className="space-y-2">
              <Label htmlFor={remindId}>{BOOKMARK_TEXT.remindLabel}</Label>
              <Input
                id={remindId}
                type="datetime-local"
                value={remindAt}
                onChange={(e) => setRemindAt(e.target.value)}
                aria-invalid={error !== null}
                aria-describedby={error ? errorId : undefined}
              />
            </div>
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <DialogFooter className="gap-2">
              {existing ? (
                <Button type="button" variant="ghost" onClick={() => void remove()}>
                  {BOOKMARK_TEXT.remove}
                </Button>
              ) : null}
              <Button type="submit">{BOOKMARK_TEXT.save}</Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
