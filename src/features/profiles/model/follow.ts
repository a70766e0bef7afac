import type { AppDatabase } from '@/db/database';
import { PROFILE_MESSAGES } from '../constants';
import { followRowId } from './follow-id';

export type FollowResult = { status: 'followed' | 'unfollowed' };

/**
 * Toggles a follow in the local store; replication pushes it. The row id is
 * deterministic (follow = insert or undelete, unfollow = soft delete), the
 * same contract the server's toggle_follow keeps.
 */
export async function toggleFollowLocal(db: AppDatabase, followerId: string, followingId: string): Promise<FollowResult> {
  if (followerId === followingId) throw new Error(PROFILE_MESSAGES.cannotFollowSelf);
  const id = followRowId(followerId, followingId);
  const existing = await db.followers.findOne(id).exec();
  if (existing) {
    await existing.remove();
    return { status: 'unfollowed' };
  }
  // A tombstone of an earlier unfollow is replaced: RxDB allows inserting over a deleted document.
  await db.followers.insert({ id, follower_id: followerId, following_id: followingId, created_at: new Date().toISOString(), server_modified: null });
  return { status: 'followed' };
}
