import type { SupabaseClient } from '@supabase/supabase-js';
import { BehaviorSubject } from 'rxjs';
import type { AppDatabase } from './database';
import { whenIdle } from './idle';
import { markOnce } from './launch-marks';
import { startSync, type StartSyncOptions, type SyncHandle } from './replication/sync';

export interface SyncControllerOptions {
  /**
   * What the first replication waits for. By default the browser's next idle
   * moment, so a first sync never starts ahead of the screen the member is
   * looking at; tests pass () => Promise.resolve().
   */
  startWhen?: () => Promise<void>;
}

/**
 * Keeps one replication running for whoever is signed in: the auth layer calls
 * setIdentity on every auth event; a change of member restarts replication.
 */
export class SyncController {
  private handle: SyncHandle | null = null;
  private wanted: string | null = null;
  private queue: Promise<unknown>;
  readonly current$ = new BehaviorSubject<SyncHandle | null>(null);

  constructor(
    private readonly db: AppDatabase,
    private readonly client: SupabaseClient,
    private readonly extra: Partial<Omit<StartSyncOptions, 'db' | 'client' | 'userId'>> = {},
    options: SyncControllerOptions = {},
  ) {
    // Every start goes through the queue, so the first one waits for the page to be idle.
    this.queue = (options.startWhen ?? whenIdle)().catch(() => undefined);
  }

  get current(): SyncHandle | null {
    return this.handle;
  }

  /**
   * Whose replication this is: the identity last asked for, even while its start still waits in the queue
   * (the first start waits for an idle moment, and a member's comes after the auth settles). Work done below
   * replication on a member's behalf asks this, not `current`, which is still the visitor's, or nobody's,
   * until then.
   */
  get identity(): string | null {
    return this.wanted;
  }

  setIdentity(userId: string | null): Promise<void> {
    this.wanted = userId;
    const next = this.queue.then(async () => {
      if (this.handle && this.handle.userId === userId) return;
      await this.handle?.stop();
      this.handle = startSync({ ...this.extra, db: this.db, client: this.client, userId });
      markOnce('djcircle:replication-start');
      this.current$.next(this.handle);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** After purgePrivateData stopped the member's replication: start as a visitor. */
  afterSignOut(): Promise<void> {
    this.handle = null;
    return this.setIdentity(null);
  }

  async stop(): Promise<void> {
    await this.queue;
    await this.handle?.stop();
    this.handle = null;
    this.current$.next(null);
  }
}
