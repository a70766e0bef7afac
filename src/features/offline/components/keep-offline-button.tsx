import { CloudDownload, CloudCheck } from 'lucide-react';
import { useState } from 'react';
import { map, type Observable } from 'rxjs';
import { Button } from '@/components/ui/button';
import type { AppDatabase } from '@/db/database';
import { useDatabase } from '@/db/hooks/use-database';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { loadPinning } from '@/db/load-pinning';
import type { SyncHandle } from '@/db/replication/sync';
import type { PinnableType } from '@/db/schemas/pinned';
import { noteKeptOffline } from '@/lib/install-moment';
import { requestPersistentStorage } from '@/lib/persist-storage';
import { toast } from '@/stores/toast-store';
import { KEEP_OFFLINE_TEXT } from '../constants';

type Props = {
  sync: SyncHandle | null;
  type: PinnableType;
  /** the discussion or blog post id; null while it is not known yet */
  entityId: string | null;
};

function pinned$(db: AppDatabase, type: PinnableType, id: string): Observable<boolean> {
  return db.pinned.findOne({ selector: { reason: 'keep_offline', entity_type: type, entity_id: id } }).$.pipe(map((doc) => doc !== null));
}

/** 'Keep offline' before a gig: the thread's posts are fetched now and keep syncing while it stays pinned. */
export function KeepOfflineButton({ sync, type, entityId }: Props) {
  const db = useDatabase();
  const kept = useLiveQuery((d) => (entityId ? pinned$(d, type, entityId) : null), [type, entityId], false).value;
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (!db || !entityId) return;
    setBusy(true);
    try {
      // Loaded before anything is said: a write that never ran must not be reported as waiting for the connection.
      const pinning = await loadPinning();
      if (kept) {
        await pinning.unpin(db, type, entityId);
        toast({ title: KEEP_OFFLINE_TEXT.removedTitle, description: KEEP_OFFLINE_TEXT.removedDescription });
        return;
      }
      // Something kept on purpose should survive the device running low on space.
      void requestPersistentStorage();
      noteKeptOffline();
      try {
        await pinning.pinForOffline(db, type, entityId, sync);
        toast({ variant: 'success', title: KEEP_OFFLINE_TEXT.savedTitle, description: KEEP_OFFLINE_TEXT.savedDescription });
      } catch {
        // The pin is recorded before the fetch; offline the next pull brings the posts.
        toast({ title: KEEP_OFFLINE_TEXT.savedTitle, description: KEEP_OFFLINE_TEXT.queuedDescription });
      }
    } catch (error) {
      toast({ variant: 'destructive', title: KEEP_OFFLINE_TEXT.failedTitle, description: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  const Icon = kept ? CloudCheck : CloudDownload;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-pressed={kept}
      disabled={!db || !entityId || busy}
      onClick={() => void toggle()}
      data-testid="keep-offline"
    >
      <Icon aria-hidden />
      {kept ? KEEP_OFFLINE_TEXT.kept : KEEP_OFFLINE_TEXT.keep}
    </Button>
  );
}

/** The blog route knows the slug; the pin needs the post's id, read from the local store. */
export function KeepBlogPostOfflineButton({ sync, slug }: { sync: SyncHandle | null; slug: string }) {
  const id = useLiveQuery((db) => db.blog_posts.findOne({ selector: { slug } }).$.pipe(map((doc) => doc?.id ?? null)), [slug], null).value;
  return <KeepOfflineButton sync={sync} type="blog_post" entityId={id} />;
}
