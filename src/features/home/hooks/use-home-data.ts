import { useDatabase } from '@/db/hooks/use-database';
import { useObservable } from '@/db/hooks/use-observable';
import { useRxQuery } from '@/db/hooks/use-rx-query';
import type { ProfileDoc } from '@/db/schemas/profiles';
import { combineLatest, map } from 'rxjs';
import { FEATURED_ARTISTS_LIMIT } from '../constants';

/** Up to three featured members from the local store. */
export function useFeaturedArtists() {
  return useRxQuery<ProfileDoc>((db) => db.profiles.find({ selector: { is_featured: true }, sort: [{ karma: 'desc' }], limit: FEATURED_ARTISTS_LIMIT }), []);
}

export type CommunityStats = { members: number; content: number; discussions: number };

/** Counts of members, public content and discussions on this device; 0 until the store has them. */
export function useCommunityStats(): CommunityStats | null {
  const db = useDatabase();
  return useObservable<CommunityStats | null>(
    () =>
      db
        ? combineLatest([db.profiles.count().$, db.user_content.count({ selector: { is_public: true } }).$, db.discussions.count().$]).pipe(
            map(([members, content, discussions]) => ({ members, content, discussions })),
          )
        : null,
    [db],
    null,
  );
}
