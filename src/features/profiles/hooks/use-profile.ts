import { useEffect, useState } from 'react';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import type { RxDocument } from 'rxdb';
import type { ProfileDoc } from '@/db/schemas/profiles';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { toast } from '@/stores/toast-store';
import { PROFILE_MESSAGES } from '../constants';
import { fetchProfileByUsername, type ServerProfile } from '../model/server-profile';

export type ProfileLookup =
  { state: 'loading' } | { state: 'found'; profile: ProfileDoc; local: boolean } | { state: 'not-found' } | { state: 'offline-missing' };

const NO_PROFILES: RxDocument<ProfileDoc>[] = [];

function isNetworkError(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  const e = error as { message?: string; name?: string } | null;
  return Boolean(e && /fetch|network|load failed/i.test(`${e.name ?? ''} ${e.message ?? ''}`));
}

/**
 * A profile by username from the local store; when the store lacks it, the
 * server decides between "not found" and a profile not synced yet. Offline,
 * a profile the device never saw is reported as such, never as not found.
 * `server` is the server-first read of an empty device: its answer stands
 * until the store has the profile, so no second lookup is made.
 */
export function useProfileByUsername(rawUsername: string, server: ServerProfile | null = null): ProfileLookup {
  const username = rawUsername.toLowerCase();
  const { value: docs, loading } = useLiveQuery((db) => db.profiles.find({ selector: { username }, limit: 1 }).$, [username], NO_PROFILES);
  const online = useConnectivityStore((s) => s.online);
  const [remote, setRemote] = useState<{ username: string; result: ProfileLookup } | null>(null);
  const local = docs[0];

  useEffect(() => {
    if (loading || local || server) return;
    let alive = true;
    if (!online) {
      // A profile the server already sent stays on the page when the signal drops (the member may follow offline).
      setRemote((shown) => (shown?.username === username && shown.result.state === 'found' ? shown : { username, result: { state: 'offline-missing' } }));
      return;
    }
    fetchProfileByUsername(username).then(
      (found) => {
        if (!alive) return;
        setRemote({ username, result: found.kind === 'found' ? { state: 'found', profile: found.profile, local: false } : { state: 'not-found' } });
      },
      (error: unknown) => {
        if (!alive) return;
        if (isNetworkError(error)) {
          setRemote({ username, result: { state: 'offline-missing' } });
          return;
        }
        const message = error instanceof Error ? error.message : String((error as { message?: string })?.message ?? error);
        toast({ variant: 'destructive', title: PROFILE_MESSAGES.errorTitle, description: PROFILE_MESSAGES.loadFailed(message) });
        setRemote({ username, result: { state: 'not-found' } });
      },
    );
    return () => {
      alive = false;
    };
  }, [loading, local, online, username, server]);

  if (local) return { state: 'found', profile: local.toJSON() as ProfileDoc, local: true };
  if (server) return server.profile ? { state: 'found', profile: server.profile, local: false } : { state: 'not-found' };
  if (loading) return { state: 'loading' };
  return remote && remote.username === username ? remote.result : { state: 'loading' };
}
