import { useEffect, useState } from 'react';
import { combineLatest, map, type Observable } from 'rxjs';
import type { AppDatabase } from '@/db/database';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import type { RxDocument } from 'rxdb';
import type { ProfileDoc } from '@/db/schemas/profiles';
import { supabase } from '@/lib/supabase';
import { FEATURED_ARTISTS_LIMIT } from '../constants';

const NO_PROFILES: RxDocument<ProfileDoc>[] = [];

/** Up to three featured members from the local store. */
export function useFeaturedArtists() {
  return useLiveQuery(
    (db) => db.profiles.find({ selector: { is_featured: true }, sort: [{ karma: 'desc' }], limit: FEATURED_ARTISTS_LIMIT }).$,
    [],
    NO_PROFILES,
  );
}

export type CommunityStats = { members: number; content: number; discussions: number };

/** The community's exact counts as the server has them (count-only reads, no rows). */
export async function fetchCommunityStats(): Promise<CommunityStats> {
  const [members, content, discussions] = await Promise.all([
    supabase.from('profiles').select('id', { count: 'exact', head: true }).eq('_deleted', false),
    supabase.from('user_content').select('id', { count: 'exact', head: true }).eq('is_public', true).eq('_deleted', false),
    supabase.from('discussions').select('id', { count: 'exact', head: true }).eq('_deleted', false),
  ]);
  for (const answer of [members, content, discussions]) if (answer.error || answer.count === null) throw new Error(answer.error?.message ?? 'no count');
  return { members: members.count ?? 0, content: content.count ?? 0, discussions: discussions.count ?? 0 };
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
