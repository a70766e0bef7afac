import type { AppDatabase } from '@/db/database';
import { mutate } from '@/db/mutate';
import { PROFILE_MESSAGES } from '../constants';
import { followRowId } from './follow-id';

export type FollowResult = { status: 'followed' | 'unfollowed' };

/**
 * Follows or unfollows in the local store, from what the screen shows
 * (`following`); replication pushes it. The intent is held on the device in
 * the click's own task, so leaving the page before IndexedDB commits it does
 * not lose it. The row id is deterministic (follow = insert or undelete,
 * unfollow = soft delete), the same contract the server's toggle_follow keeps.
 */
export async function toggleFollowLocal(db: AppDatabase, followerId: string, followingId: string, following: boolean): Promise<FollowResult> {
  if (followerId === followingId) throw new Error(PROFILE_MESSAGES.cannotFollowSelf);
  const id = followRowId(followerId, followingId);
  if (following) {
    await mutate(db, { op: 'delete', collection: 'followers', id });
    return { status: 'unfollowed' };
  }
  // A tombstone of an earlier unfollow is replaced: RxDB allows inserting over a deleted document.
  const row = { id, follower_id: followerId, following_id: followingId, created_at: new Date().toISOString(), server_modified: null };
  await mutate(db, { op: 'insert', collection: 'followers', doc: row, revive: true });
  return { status: 'followed' };
}
