import { useState } from 'react';
import { useDatabase } from '@/db/hooks/use-database';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { usePulled } from '@/db/hooks/use-pulled';
import { useWhenSent } from '@/db/hooks/use-when-sent';
import type { RxDocument } from 'rxdb';
import type { FollowerDoc } from '@/db/schemas/followers';
import { MESSAGES } from '@/lib/shell-constants';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { toast } from '@/stores/toast-store';
import { FOLLOW_LABELS, PROFILE_MESSAGES } from '../constants';
import { followRowId } from '../model/follow-id';
import { toggleFollowLocal } from '../model/follow';

const NO_FOLLOWS: RxDocument<FollowerDoc>[] = [];

export type FollowPhase = 'checking' | 'idle' | 'following' | 'unfollowing';

/** The follow button's state machine over the local followers collection. */
export function followLabel(phase: FollowPhase, isFollowing: boolean): string {
  if (phase === 'checking') return FOLLOW_LABELS.checking;
  if (phase === 'following') return FOLLOW_LABELS.following;
  if (phase === 'unfollowing') return FOLLOW_LABELS.unfollowing;
  return isFollowing ? FOLLOW_LABELS.unfollow : FOLLOW_LABELS.follow;
}

/**
 * `viewerPending`: a member's stored session is still being restored (the page just opened). The button waits
 * ('checking') rather than telling a member to log in and dropping the tap.
 */
export function useFollow(viewerId: string | null, profileId: string, viewerPending = false) {
  const db = useDatabase();
  const id = viewerId ? followRowId(viewerId, profileId) : null;
  const { value: doc, loading } = useLiveQuery((d) => (id ? d.followers.findOne(id).$ : null), [id], null);
  const [busy, setBusy] = useState<'following' | 'unfollowing' | null>(null);
  const online = useConnectivityStore((s) => s.online);
  // A follow or unfollow made offline is only kept on the device; it is confirmed once replication sent it.
  const [queued, setQueued] = useState<'followed' | 'unfollowed' | null>(null);
  useWhenSent('followers', queued ? id : null, () => {
    if (queued === 'followed') toast({ variant: 'success', title: PROFILE_MESSAGES.followedTitle, description: PROFILE_MESSAGES.followed });
    else toast({ title: PROFILE_MESSAGES.unfollowedTitle, description: PROFILE_MESSAGES.unfollowed });
    setQueued(null);
  });
  const isFollowing = Boolean(doc);
  const phase: FollowPhase = busy ?? ((viewerId && (loading || !db)) || (!viewerId && viewerPending) ? 'checking' : 'idle');

  async function toggle() {
    if (!viewerId && viewerPending) return;
    if (!viewerId) {
      toast({ variant: 'destructive', title: PROFILE_MESSAGES.loginRequiredTitle, description: PROFILE_MESSAGES.loginRequired });
      return;
    }
    if (!db || busy) return;
    setBusy(isFollowing ? 'unfollowing' : 'following');
    try {
      const result = await toggleFollowLocal(db, viewerId, profileId, isFollowing);
      if (!online) {
        setQueued(result.status);
        toast({ title: MESSAGES.savedOnDevice, description: result.status === 'followed' ? PROFILE_MESSAGES.followQueued : PROFILE_MESSAGES.unfollowQueued });
      } else if (result.status === 'followed') toast({ variant: 'success', title: PROFILE_MESSAGES.followedTitle, description: PROFILE_MESSAGES.followed });
      else toast({ title: PROFILE_MESSAGES.unfollowedTitle, description: PROFILE_MESSAGES.unfollowed });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: PROFILE_MESSAGES.actionFailedTitle,
        description: error instanceof Error && error.message ? error.message : PROFILE_MESSAGES.actionFailed,
      });
    } finally {
      setBusy(null);
    }
  }

  return { phase, isFollowing, label: followLabel(phase, isFollowing), toggle };
}

/** Live follower and following counts from the local store, the profile's own counts until follows have synced. */
export function useFollowCounts(profileId: string, fallback: { followers: number; following: number }) {
  const followers = useLiveQuery((d) => d.followers.find({ selector: { following_id: profileId } }).$, [profileId], NO_FOLLOWS).value;
  const following = useLiveQuery((d) => d.followers.find({ selector: { follower_id: profileId } }).$, [profileId], NO_FOLLOWS).value;
  const any = useLiveQuery((d) => d.followers.find({ limit: 1 }).$, [], NO_FOLLOWS).value;
  const pulled = usePulled('followers');
  const synced = pulled || any.length > 0;
  return {
    /** The lists below are the server's: before that, an empty list means "not known yet". */
    listsKnown: pulled,
    followers: synced ? followers.length : fallback.followers,
    following: synced ? following.length : fallback.following,
    followerIds: followers.map((d) => d.follower_id),
    followingIds: following.map((d) => d.following_id),
  };
}
