import { useEffect, useState } from 'react';
import { useDatabase } from '@/db/hooks/use-database';
import { getSupabase } from '@/launch/lazy-supabase';
import { MENTION_SUGGESTION_LIMIT } from '@/lib/mentions';
import { useConnectivityStore } from '@/stores/connectivity-store';

export type MentionCandidate = { username: string; displayName: string };

/** How long typing pauses before the server is asked for more names. */
const SERVER_LOOKUP_DELAY_MS = 200;

/** `_` matches any one character in a LIKE pattern; a username's underscore must match itself. */
function likePrefix(query: string): string {
  return `${query.replace(/_/g, '\\_')}%`;
}

/**
 * Members whose username starts with `query` (one or more lowercase letters, digits and
 * underscores): those on the device at once, then, online, the server's
 * after a short pause, the device's first. null `query`: nothing is being typed.
 */
export function useMentionSuggestions(query: string | null, selfUsername?: string | null): MentionCandidate[] {
  const db = useDatabase();
  const online = useConnectivityStore((s) => s.online);
  const [found, setFound] = useState<{ query: string; items: MentionCandidate[] }>({ query: '', items: [] });

  useEffect(() => {
    if (query === null || !db) return;
    let live = true;
    const merged = new Map<string, MentionCandidate>();
    const add = (items: MentionCandidate[]) => {
      for (const m of items) if (m.username !== selfUsername && !merged.has(m.username)) merged.set(m.username, m);
      if (live) setFound({ query, items: [...merged.values()].slice(0, MENTION_SUGGESTION_LIMIT) });
    };
    void db.profiles
      .find({ selector: { username: { $regex: `^${query}` } }, sort: [{ username: 'asc' }], limit: MENTION_SUGGESTION_LIMIT + 1 })
      .exec()
      .then((docs) => add(docs.map((d) => ({ username: d.username.toLowerCase(), displayName: d.display_name || d.username }))));
    const timer = online
      ? setTimeout(() => {
          void getSupabase()
            .then((supabase) =>
              supabase
                .from('profiles')
                .select('username,display_name')
                .ilike('username', likePrefix(query))
                .order('username')
                .limit(MENTION_SUGGESTION_LIMIT + 1),
            )
            .then(({ data }) =>
              add(
                (data ?? []).map((r: { username: string; display_name: string | null }) => ({
                  username: r.username.toLowerCase(),
                  displayName: r.display_name || r.username,
                })),
              ),
            )
            // Offline or refused: the device's names are what there is.
            .catch(() => undefined);
        }, SERVER_LOOKUP_DELAY_MS)
      : undefined;
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [db, query, online, selfUsername]);

  return query !== null && found.query === query ? found.items : [];
}
