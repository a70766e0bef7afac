/**
 * The data layer as the app runs it: one database, one SyncController, and
 * the glue to the connectivity store. Loaded with a dynamic import by
 * DataProvider so RxDB stays out of the first screen's JavaScript.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Subscription } from 'rxjs';
import type { AppDatabase } from '@/db/database';
import { loadDatabase } from '@/db/load-database';
import { dropOldestKeptThreads, type FreedSpace } from '@/db/pinning';
import { startQueuedSends } from '@/db/queued-sends';
import { FREE_SPACE_MESSAGES } from '@/db/messages';
import { countUnsent, purgePrivateData } from '@/db/signout';
import { clearLocalData } from '@/db/storage';
import { SyncController } from '@/db/sync-controller';
import { rejectedDrafts$, waitingCount$ } from '@/db/sync-status';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { REJECTED_DRAFTS_PATH } from '@/lib/shell-constants';
import { watchBackgroundOutcomes, watchWaitingWrites } from '../pwa/background-sync';
import { getRouter } from '../router';
import { clearSignOutMark, hasSignOutMark, markSignedOut } from './sign-out-mark';
import { rejectionNotices, showRefusal, ToldRefusals } from './rejection-notice';
import { openSignOutRelay } from './sign-out-relay';

export interface DataRuntime {
  readonly db: AppDatabase;
  readonly controller: SyncController;
  /** Replicate for this member, or as a visitor (null). Same id twice is a no-op. */
  setIdentity(userId: string | null): Promise<void>;
  /** Local writes the server has not accepted yet. */
  countUnsent(): Promise<number>;
  /** The member is signing out here: remove their private data, then replicate as a visitor. */
  purgeForSignOut(userId: string, keepUnsent: boolean): Promise<void>;
  /**
   * The session ended without our sign-out flow (expired, revoked, signed out
   * in another tab): nobody can be asked, so unsent writes are kept as that member's drafts.
   */
  signedOutElsewhere(userId: string): Promise<void>;
  /** Stops replication, removes the whole local database and reloads the page to start afresh. */
  clearDevice(): Promise<void>;
  /** Drops the oldest kept threads from this device (nothing queued), with replication paused meanwhile. */
  freeSpace(): Promise<FreedSpace>;
  dispose(): Promise<void>;
}

/** Where the "Not sent" notice leads: the texts the server refused, kept as drafts. */
const openDrafts = () => void getRouter().navigate({ to: REJECTED_DRAFTS_PATH });

/** How long "Free space" waits for this tab to be the one that replicates (an election just after opening). */
const FREE_SPACE_LEADER_WAIT_MS = 3000;

function leadsWithin(db: AppDatabase, ms: number): Promise<boolean> {
  if (db.isLeader()) return Promise.resolve(true);
  return Promise.race([db.waitForLeadership().then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
}

export async function startDataRuntime(getClient: () => Promise<SupabaseClient>): Promise<DataRuntime> {
  const startedAt = new Date().toISOString();
  const [db, client] = await Promise.all([loadDatabase(), getClient()]);
  const controller = new SyncController(db, client);
  // Send-only writes (the contact form) go out from their outbox records, whoever is signed in.
  const queuedSends = startQueuedSends(db, client);
  // A refusal is told on whatever screen the member is, once, whichever notice meets it first.
  const told = new ToldRefusals();
  const subscriptions: Subscription[] = [
    waitingCount$(db).subscribe((count) => useConnectivityStore.getState().setPendingChanges(count)),
    rejectedDrafts$(db).subscribe(
      rejectionNotices(startedAt, (fresh) => {
        const untold = told.take(fresh, (draft) => draft.id);
        if (untold.length > 0) showRefusal(untold[0].reason ?? '', openDrafts);
      }),
    ),
    // Writes that cannot leave now are handed to the service worker, which sends them with the app closed.
    watchWaitingWrites(waitingCount$(db)),
    controller.current$.subscribe((sync) => {
      // Which threads' posts a device keeps follows from its discussions; on a fresh device the first
      // posts pull runs before any discussion arrived and finds nothing to keep. Pull posts again once they are in.
      const discussions = sync?.states.discussions;
      const posts = sync?.states.posts;
      if (discussions && posts)
        void discussions.awaitInitialReplication().then(
          () => posts.reSync(),
          () => undefined,
        );
    }),
    watchBackgroundOutcomes(openDrafts, told),
  ];
  // Pulls that failed offline wait for their retry timer; coming back online should not.
  const onOnline = () => controller.current?.resync();
  window.addEventListener('online', onOnline);
  // Which tab replicates is otherwise invisible; the attribute helps support and the two-tab test.
  if (db.multiInstance) void db.waitForLeadership().then(() => document.documentElement.setAttribute('data-sync-leader', ''));

  async function purge(userId: string, keepUnsent: boolean): Promise<void> {
    // Let a start or restart that is under way finish, so the handle below is the one last asked for: the
    // member's, even when a sign-out comes before their replication started (the visitor's may be running).
    if (controller.current || controller.identity) await controller.setIdentity(controller.identity).catch(() => undefined);
    const sync = controller.current?.userId === userId ? controller.current : null;
    await purgePrivateData(db, { keepUnsent, sync });
    markSignedOut(userId);
    await controller.afterSignOut();
  }
  const relay = db.multiInstance ? openSignOutRelay(purge, () => db.isLeader()) : null;

  return {
    db,
    controller,
    setIdentity(userId) {
      if (userId) clearSignOutMark(userId);
      return controller.setIdentity(userId);
    },
    countUnsent: () => countUnsent(db),
    async purgeForSignOut(userId, keepUnsent) {
      if (relay && !db.isLeader() && (await relay.askLeader(userId, keepUnsent))) {
        // The leader purged and switched to a visitor; this tab's member replication never ran.
        await controller.setIdentity(null);
        return;
      }
      await purge(userId, keepUnsent);
    },
    async signedOutElsewhere(userId) {
      // Another tab ran the sign-out flow already, or will: only the elected tab cleans up, once.
      if (hasSignOutMark(userId) || !db.isLeader()) return controller.setIdentity(null);
      await purge(userId, true);
    },
    async clearDevice() {
      await controller.stop();
      await clearLocalData(db);
      // Every open screen holds the removed database; a reload opens a fresh one and pulls again.
      window.location.reload();
    },
    async freeSpace() {
      // Only the tab that replicates may drop rows below replication: another tab's replication would take
      // the removal for deletions to send.
      if (db.multiInstance && !(await leadsWithin(db, FREE_SPACE_LEADER_WAIT_MS))) throw new Error(FREE_SPACE_MESSAGES.otherTab);
      // The member's, even when their replication has not started yet (a tap right after the page opened):
      // the running one may still be the visitor's, whose drop would take the member's own posts and leave
      // the server's state of the dropped ones in the member's replication.
      const userId = controller.identity;
      await controller.stop();
      try {
        return await dropOldestKeptThreads(db, userId);
      } finally {
        await controller.setIdentity(userId);
      }
    },
    async dispose() {
      queuedSends.stop();
      window.removeEventListener('online', onOnline);
      relay?.close();
      subscriptions.forEach((s) => s.unsubscribe());
      await controller.stop();
    },
  };
}
