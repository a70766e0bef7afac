import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { map, of } from 'rxjs';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useDatabase } from '@/db/hooks/use-database';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { bookmarkId } from '@/db/ids';
import type { SyncHandle } from '@/db/replication/sync';
import { BOOKMARK_NOTE_MAX, type BookmarkableType, type PinnedDoc } from '@/db/schemas/pinned';
import { dateTimeInputValue, fromDateTimeInput } from '@/lib/dates';
import { toast } from '@/stores/toast-store';
import { BOOKMARK_TEXT } from '../constants';

// The writes load with the first tap, not with the page: they bring the store's engine, which a first visit's
// screen (a shared thread or blog post) does not need to paint.
const loadPinning = () => import('@/db/pinning');

type Props = {
  userId: string;
  type: BookmarkableType;
  /** null while the device does not know the item's id yet (a blog post read by its slug) */
  entityId: string | null;
  /** a post's thread, kept on the device with the bookmark */
  discussionId?: string;
  sync: SyncHandle | null;
  /** in a post's row of actions: the icon alone on phones, as its neighbours */
  compact?: boolean;
};

/**
 * Bookmarks a thread, a post or a blog post, with an optional note and reminder: kept on the device at once and
 * synced to the member's other devices when there is a connection.
 */
export function BookmarkButton({ userId, type, entityId, discussionId, sync, compact = false }: Props) {
  const db = useDatabase();
  const id = entityId ? bookmarkId(userId, type, entityId) : '';
  const existing = useLiveQuery(
    (d) => (id ? d.pinned.findOne(id).$.pipe(map((doc) => (doc ? (doc.toJSON() as PinnedDoc) : null))) : of(null)),
    [id],
    null,
  ).value;
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
      setRemindAt(dateTimeInputValue(existing?.remind_at));
      setError(null);
    }
    setOpen(next);
  }

  async function save() {
    if (!db) return;
    try {
      if (!entityId) return;
      await (await loadPinning()).saveBookmark(db, userId, { type, entityId, discussionId, note, remindAt: fromDateTimeInput(remindAt) }, sync);
      setOpen(false);
      toast({ variant: 'success', title: BOOKMARK_TEXT.saved });
    } catch (e) {
      setError(e instanceof Error ? e.message : BOOKMARK_TEXT.failed);
    }
  }

  async function remove() {
    if (!db) return;
    await (await loadPinning()).removeBookmark(db, id);
    setOpen(false);
    toast({ title: BOOKMARK_TEXT.removed });
  }

  const Icon = existing ? BookmarkCheck : Bookmark;
  return (
    <>
      <Button
        type="button"
        variant={compact ? (existing ? 'secondary' : 'ghost') : 'outline'}
        size="sm"
        aria-pressed={existing !== null}
        aria-label={compact ? (existing ? BOOKMARK_TEXT.postBookmarked : BOOKMARK_TEXT.bookmarkPost) : undefined}
        disabled={!db || !entityId}
        onClick={() => show(true)}
        data-testid={compact ? 'bookmark-post' : 'bookmark'}
      >
        <Icon aria-hidden />
        <span className={compact ? 'max-sm:sr-only' : undefined}>{existing ? BOOKMARK_TEXT.bookmarked : BOOKMARK_TEXT.bookmark}</span>
      </Button>
      <Dialog open={open} onOpenChange={show}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{BOOKMARK_TEXT.dialogTitle[type]}</DialogTitle>
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

/** A blog post is read by its slug; its bookmark names its id once the device holds it. */
export function BookmarkBlogPostButton({ userId, slug, sync }: { userId: string; slug: string; sync: SyncHandle | null }) {
  const id = useLiveQuery((db) => db.blog_posts.findOne({ selector: { slug } }).$.pipe(map((doc) => doc?.id ?? null)), [slug], null).value;
  return <BookmarkButton userId={userId} type="blog_post" entityId={id} sync={sync} />;
}
