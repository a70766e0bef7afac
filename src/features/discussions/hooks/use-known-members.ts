import { useEffect, useMemo, useState } from 'react';
import { map } from 'rxjs';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { getSupabase } from '@/launch/lazy-supabase';
import { useConnectivityStore } from '@/stores/connectivity-store';

/** Usernames the server was asked about, and whether a member has each; names do not change hands within a session. */
const serverAnswers = new Map<string, boolean>();

/**
 * Which of `usernames` (lowercase) belong to members: the device's store
 * first; names it does not hold are asked of the server once, when online.
 * A name nobody has stays out, so its mention stays plain text.
 */
export function useKnownMembers(usernames: readonly string[]): ReadonlySet<string> {
  const key = usernames.join(',');
  const online = useConnectivityStore((s) => s.online);
  const local = useLiveQuery(
    (db) =>
      usernames.length === 0
        ? null
        : db.profiles.find({ selector: { username: { $in: [...usernames] } } }).$.pipe(map((docs) => docs.map((d) => d.username.toLowerCase()))),
    [key],
    [] as string[],
  );
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    if (local.loading || !online) return;
    const missing = usernames.filter((u) => !local.value.includes(u) && !serverAnswers.has(u));
    if (missing.length === 0) return;
    let live = true;
    void getSupabase()
      .then((supabase) => supabase.from('profiles').select('username').in('username', missing))
      .then(({ data, error }) => {
        if (error) return;
        const found = new Set((data ?? []).map((r: { username: string }) => r.username.toLowerCase()));
        for (const u of missing) serverAnswers.set(u, found.has(u));
        if (live) setAsked((n) => n + 1);
      })
      // Offline or refused: the names stay plain text until the next look.
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // `key` stands for `usernames`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, local.loading, local.value, online]);

  return useMemo(
    () => new Set(usernames.filter((u) => local.value.includes(u) || serverAnswers.get(u) === true)),
    // `asked` marks new server answers; `key` stands for `usernames`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, local.value, asked],
  );
}
