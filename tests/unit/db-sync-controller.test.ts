import { describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AppDatabase } from '@/db/database';
import { SyncController } from '@/db/sync-controller';

/** A controller whose first start never comes: what a page sees before its first idle moment. */
function waitingController(): SyncController {
  return new SyncController({} as AppDatabase, {} as SupabaseClient, {}, { startWhen: () => new Promise<void>(() => undefined) });
}

describe("the replication's identity", () => {
  it('is the member asked for while their replication still waits to start, when nothing runs yet', () => {
    const controller = waitingController();
    expect(controller.identity).toBe(null);
    void controller.setIdentity('member-1');
    // "Free space" tapped now acts for the member: nothing replicates yet, but the member's replication is next.
    expect(controller.current).toBe(null);
    expect(controller.identity).toBe('member-1');
  });

  it('follows every change asked for, a sign-out included', () => {
    const controller = waitingController();
    void controller.setIdentity('member-1');
    void controller.setIdentity('member-2');
    expect(controller.identity).toBe('member-2');
    void controller.afterSignOut();
    expect(controller.identity).toBe(null);
  });
});
