import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useState } from 'react';
import { map, of } from 'rxjs';
import { Button } from '@/components/ui/button';
import { useDatabase } from '@/db/hooks/use-database';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { loadPinning } from '@/db/load-pinning';
import { bookmarkId } from '@/db/ids';
import type { SyncHandle } from '@/db/replication/sync';
import type { BookmarkableType, PinnedDoc } from '@/db/schemas/pinned';
import { dateTimeInputValue, fromDateTimeInput } from '@/lib/dates';
import { useDeferredComponent } from '@/launch/deferred-popup';
import { toast } from '@/stores/toast-store';
import { BOOKMARK_TEXT } from '../constants';

// The note and reminder dialog (Radix's dialog) loads when it is first opened, not with a shared link's first screen.
const loadBookmarkDialog = () => import('./bookmark-dialog').then((m) => m.BookmarkDialog);

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
  const BookmarkDialog = useDeferredComponent(loadBookmarkDialog, open);

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
    try {
      await (await loadPinning()).removeBookmark(db, id);
      setOpen(false);
      toast({ title: BOOKMARK_TEXT.removed });
    } catch (e) {
      setError(e instanceof Error ? `${BOOKMARK_TEXT.removeFailed} (${e.message})` : BOOKMARK_TEXT.removeFailed);
    }
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
      {BookmarkDialog ? (
        <BookmarkDialog
          open={open}
          onOpenChange={show}
          type={type}
          bookmarked={existing !== null}
          note={note}
          onNoteChange={setNote}
          remindAt={remindAt}
          onRemindAtChange={setRemindAt}
          error={error}
          onSave={() => void save()}
          onRemove={() => void remove()}
        />
      ) : null}
    </>
  );
}

/** A blog post is read by its slug; its bookmark names its id once the device holds it. */
export function BookmarkBlogPostButton({ userId, slug, sync }: { userId: string; slug: string; sync: SyncHandle | null }) {
  const id = useLiveQuery((db) => db.blog_posts.findOne({ selector: { slug } }).$.pipe(map((doc) => doc?.id ?? null)), [slug], null).value;
  return <BookmarkButton userId={userId} type="blog_post" entityId={id} sync={sync} />;
}
