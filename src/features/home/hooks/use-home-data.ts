import { useEffect, useState } from 'react';
import { combineLatest, map, type Observable } from 'rxjs';
import type { AppDatabase } from '@/db/database';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { useServerFirstRead } from '@/launch/use-server-first-read';
import { usePulled } from '@/db/hooks/use-pulled';
import { profilesSchema, type ProfileDoc } from '@/db/schemas/profiles';
import { countServerRows, readServerRows, sharedServerRead } from '@/launch/server-first';
import { screenReadsServerFirst } from '@/launch/first-screen';
import { FEATURED_ARTISTS_LIMIT } from '../constants';

const NO_PROFILES: ProfileDoc[] = [];

/** The featured members as the server has them: the store's query (karma first, then id as RxDB breaks ties). */
function serverFeatured(): Promise<ProfileDoc[]> {
  return sharedServerRead('home:featured', () =>
    readServerRows<ProfileDoc>('profiles', profilesSchema, `is_featured=eq.true&order=karma.desc,id.asc&limit=${FEATURED_ARTISTS_LIMIT}`),
  );
}

/**
 * Up to three featured members: from the local store, or on a device that never pulled profiles from one
 * plain read of the server until the store has them, so home's first visit does not load RxDB for three cards.
 */
export function useFeaturedArtists(): { value: readonly ProfileDoc[]; loading: boolean } {
  const { answer: server } = useServerFirstRead(() => screenReadsServerFirst('/'), serverFeatured, 'home:featured');
  const stored = useLiveQuery<readonly ProfileDoc[]>(
    (db) => db.profiles.find({ selector: { is_featured: true }, sort: [{ karma: 'desc' }], limit: FEATURED_ARTISTS_LIMIT }).$,
    [],
    NO_PROFILES,
  );
  const pulled = usePulled('profiles');
  // The server's list until the store has finished its first pull of profiles (a half-pulled store could rank
  // other members first) and its query shows as many (its answer can trail the pull by a moment), then the store for good.
  const [storeLeads, setStoreLeads] = useState(false);
  if (!storeLeads && server && !stored.loading && pulled && stored.value.length >= server.length) setStoreLeads(true);
  if (server && !storeLeads) return { value: server, loading: false };
  return { value: stored.value, loading: stored.loading };
}

export type CommunityStats = { members: number; content: number; discussions: number };

/** The community's exact counts as the server has them (count-only reads, no rows, no supabase-js). */
export async function fetchCommunityStats(): Promise<CommunityStats> {
  const [members, content, discussions] = await Promise.all([
    countServerRows('profiles', ''),
    countServerRows('user_content', 'is_public=eq.true'),
    countServerRows('discussions', ''),
  ]);
  return { members, content, discussions };
}

/**
 * What this device holds, for when the server cannot be asked (offline). RxDB
 * counts only by an indexed selector (its error QU14 otherwise), so public
 * content is counted from the rows.
 */
function localStats$(db: AppDatabase): Observable<CommunityStats> {
  return combineLatest([db.profiles.count().$, db.user_content.find({ selector: { is_public: true } }).$, db.discussions.count().$]).pipe(
    map(([members, content, discussions]) => ({ members, content: content.length, discussions })),
  );
}

/** The server's counts when it answers; until then (and offline) the counts on this device. */
export function useCommunityStats(): CommunityStats | null {
  const [server, setServer] = useState<CommunityStats | null>(null);
  useEffect(() => {
    let active = true;
    fetchCommunityStats().then(
      (stats) => active && setServer(stats),
      // Offline or refused: the device's own counts stay on screen.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  const local = useLiveQuery<CommunityStats | null>((db) => (server ? null : localStats$(db)), [server], null);
  return server ?? local.value;
}
