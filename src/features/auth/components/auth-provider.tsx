import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { loadDatabase } from '@/db/load-database';
import { deviceHoldsSession } from '@/lib/device-storage';
import { MESSAGES } from '@/lib/shell-constants';
import { AuthContext, type AuthContextValue, type SignUpInput } from '../hooks/use-auth';
import { mergeUser, type MergedUser } from '../model/merge-user';
import { localFirstProfileSource } from '../model/local-profile-source';
import { profileDocToRow } from '../model/profile-doc';
import type { ProfileSource } from '../model/profile-source';

type AuthProviderProps = {
  /**
   * Resolves the backend client. A promise, so the app can import supabase-js
   * after the first screen has rendered instead of in the entry chunk.
   */
  getClient: () => Promise<SupabaseClient>;
  /** Defaults to the local store first (offline edits queue), the server when the store lacks the row. */
  profileSource?: ProfileSource;
  children: ReactNode;
};

/**
 * Holds the session, the merged user and the loading flag.
 * Loading is true at start, during each auth action and each auth event, and
 * ends once the profile load has completed or failed. A device that holds no
 * session is a visitor's from the start: nothing to wait for, so neither the
 * header nor the route guards wait for supabase-js to load to say so.
 */
export function AuthProvider({ getClient, profileSource, children }: AuthProviderProps) {
  const clientPromise = useMemo(() => getClient(), [getClient]);
  const source = useMemo<ProfileSource>(() => profileSource ?? localFirstProfileSource(() => clientPromise), [clientPromise, profileSource]);
  const [user, setUser] = useState<MergedUser | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [visitorAtStart] = useState(() => !deviceHoldsSession());
  const [loading, setLoading] = useState(!visitorAtStart);
  const [lastEvent, setLastEvent] = useState<AuthChangeEvent | null>(null);
  // Each auth event bumps this; a slow profile load for an older event must not overwrite a newer one.
  const generation = useRef(0);

  const resolveUser = useCallback(
    async (authUser: User): Promise<MergedUser> => {
      try {
        return mergeUser(authUser, await source.loadProfile(authUser.id));
      } catch (error) {
        console.error('Profile fetch failed; using defaults.', error);
        return mergeUser(authUser, null);
      }
    },
    [source],
  );

  const applySession = useCallback(
    async (next: Session | null) => {
      const mine = ++generation.current;
      setLoading(true);
      const merged = next?.user ? await resolveUser(next.user) : null;
      if (mine !== generation.current) return;
      setSession(next);
      setUser(merged);
      setLoading(false);
    },
    [resolveUser],
  );

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    clientPromise.then(
      (client) => {
        if (cancelled) return;
        const { data } = client.auth.onAuthStateChange((event, next) => {
          setLastEvent(event);
          // Confirms what the start already showed (a visitor): no loading state in between, no re-render of the routes.
          if (event === 'INITIAL_SESSION' && !next && visitorAtStart) return;
          setLoading(true);
          // supabase-js holds a lock while this callback runs; calling the client from inside it would deadlock.
          setTimeout(() => void applySession(event === 'SIGNED_OUT' ? null : next), 0);
        });
        unsubscribe = () => data.subscription.unsubscribe();
      },
      (error: unknown) => {
        console.error('The backend client failed to load; continuing as a visitor.', error);
        if (!cancelled) setLoading(false);
      },
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [clientPromise, applySession, visitorAtStart]);

  const signIn = useCallback<AuthContextValue['signIn']>(
    async (email, password) => {
      setLoading(true);
      try {
        const client = await clientPromise;
        const { data, error } = await client.auth.signInWithPassword({ email, password });
        if (error) throw error;
        return data;
      } catch (error) {
        setLoading(false);
        throw error;
      }
    },
    [clientPromise],
  );

  const signUp = useCallback<AuthContextValue['signUp']>(
    async ({ email, password, username, displayName, location }: SignUpInput) => {
      setLoading(true);
      try {
        const metadata: Record<string, string> = { username: username.toLowerCase(), display_name: displayName ?? username };
        if (location?.trim()) metadata.location = location.trim();
        const client = await clientPromise;
        const { data, error } = await client.auth.signUp({ email, password, options: { data: metadata } });
        if (error) throw error;
        // Without a session (e-mail to confirm) no SIGNED_IN event will end the loading state.
        if (!data.session) setLoading(false);
        return data;
      } catch (error) {
        setLoading(false);
        throw error;
      }
    },
    [clientPromise],
  );

  const signOut = useCallback(async () => {
    setLoading(true);
    const client = await clientPromise;
    const { error } = await client.auth.signOut();
    if (error) {
      // Offline the server cannot be told; forget the session on this device anyway (a shared device must not stay signed in).
      console.warn('Sign-out could not reach the server; clearing the local session.', error);
      clearStoredSession(client);
    }
    generation.current++;
    setSession(null);
    setUser(null);
    setLoading(false);
  }, [clientPromise]);

  const refreshUser = useCallback(async () => {
    const { data } = await (await clientPromise).auth.getSession();
    await applySession(data.session);
  }, [clientPromise, applySession]);

  const updateProfile = useCallback<AuthContextValue['updateProfile']>(
    async (updates) => {
      if (!user?.id) throw new Error(MESSAGES.noUserLoggedIn);
      setLoading(true);
      try {
        const saved = await source.saveProfile(user.id, updates, user.profile);
        const { data } = await (await clientPromise).auth.getSession();
        const authUser = data.session?.user;
        const merged = authUser ? mergeUser(authUser, saved) : mergeUser(user, saved);
        generation.current++;
        setSession(data.session ?? session);
        setUser(merged);
        return merged;
      } finally {
        setLoading(false);
      }
    },
    [clientPromise, source, user, session],
  );

  // With the default source the member's profile row is followed live in the local store,
  // so a queued edit or a role change that replicated in shows at once in the header and guards.
  const userId = user?.id;
  useEffect(() => {
    if (profileSource || !userId) return;
    let sub: { unsubscribe: () => void } | undefined;
    let cancelled = false;
    loadDatabase()
      .then((db) => {
        if (cancelled) return;
        sub = db.profiles.findOne(userId).$.subscribe((doc) => {
          if (!doc) return;
          const row = profileDocToRow(doc.toMutableJSON());
          setUser((current) => (current && current.id === userId ? mergeUser(current, row) : current));
        });
      })
      .catch((error: unknown) => console.warn('The local store is unavailable; the profile will not follow local changes.', error));
    return () => {
      cancelled = true;
      sub?.unsubscribe();
    };
  }, [profileSource, userId]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, session, loading, lastEvent, signIn, signUp, signOut, updateProfile, refreshUser }),
    [user, session, loading, lastEvent, signIn, signUp, signOut, updateProfile, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The storage key is private to supabase-js; we only know the one we configured, so remove it and anything derived from it. */
function clearStoredSession(client: SupabaseClient): void {
  // storageKey is not part of the public type; read it defensively.
  const key = (client.auth as unknown as { storageKey?: string }).storageKey;
  if (!key || typeof localStorage === 'undefined') return;
  for (const stored of Object.keys(localStorage)) {
    if (stored === key || stored.startsWith(`${key}-`)) localStorage.removeItem(stored);
  }
}
