import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { SyncHandle } from '@/db/replication/sync';
import { AuthContext, useAuth, type AuthContextValue } from '@/features/auth/hooks/use-auth';
import { loadDatabase } from '@/db/load-database';
import { afterFirstScreen, whenBackgroundWorkMayStart } from '@/launch/first-screen';
import { importWhenOnline } from '@/lib/import-when-online';
import { toast } from '@/stores/toast-store';
import { SIGN_OUT_TEXT } from './constants';
import { DataContext, type AppData } from './data-context';
import type { DataRuntime } from './data-runtime';
import type { SignOutChoice } from './sign-out-dialog';

// The question (Radix alert dialog) is rare, so its code is fetched the first time it is asked, not with the first screen.
// It is fetched once the first screen is up, so a member who goes offline can still be asked.
const loadSignOutDialog = () => importWhenOnline(() => import('./sign-out-dialog'));
const SignOutDialog = lazy(() => loadSignOutDialog().then((m) => ({ default: m.SignOutDialog })));

type Props = {
  getClient: () => Promise<SupabaseClient>;
  children: ReactNode;
};

/**
 * Opens the local database once and keeps one replication running for
 * whoever is signed in: a visitor first, restarted on every sign-in and
 * sign-out. It also re-provides the auth context with a signOut that first
 * asks about unsent writes and removes the member's private data, so every
 * sign-out button in the app goes through that flow.
 */
export function DataProvider({ getClient, children }: Props) {
  const auth = useAuth();
  const [runtime, setRuntime] = useState<DataRuntime | null>(null);
  const [sync, setSync] = useState<SyncHandle | null>(null);
  const [question, setQuestion] = useState<{ count: number; answer: (choice: SignOutChoice) => void } | null>(null);
  // Stays mounted after the first question so the dialog can play its closing animation and answer later ones at once.
  const [askedOnce, setAskedOnce] = useState(false);
  if (question && !askedOnce) setAskedOnce(true);
  // The member whose sign-out this tab is running; their identity must not be restarted meanwhile.
  const signingOut = useRef<string | null>(null);
  const lastMember = useRef<string | null>(null);

  useEffect(() => {
    void whenBackgroundWorkMayStart().then(() => loadSignOutDialog().catch(() => undefined));
  }, []);

  useEffect(() => {
    let disposed = false;
    let started: DataRuntime | null = null;
    // RxDB loads at launch when the launch screen is local data, else once the first screen is painted;
    // a screen that reads the store gets the database from useDatabase() as soon as it is open, without
    // waiting for supabase-js and the replication code, which wait for the first screen either way.
    Promise.all([loadDatabase(), afterFirstScreen()])
      .then(() => importWhenOnline(() => import('./data-runtime')))
      .then(({ startDataRuntime }) => startDataRuntime(getClient))
      .then((rt) => {
        started = rt;
        if (disposed) void rt.dispose();
        else setRuntime(rt);
      })
      .catch((error: unknown) => console.error('The local database could not be opened; screens that need it stay empty.', error));
    return () => {
      disposed = true;
      if (started) void started.dispose();
    };
  }, [getClient]);

  useEffect(() => {
    if (!runtime) return;
    const sub = runtime.controller.current$.subscribe(setSync);
    return () => sub.unsubscribe();
  }, [runtime]);

  const userId = auth.user?.id ?? null;
  const authSettled = !auth.loading;
  useEffect(() => {
    if (!runtime || !authSettled) return;
    const previous = lastMember.current;
    lastMember.current = userId;
    const ours = signingOut.current;
    if (userId && userId === ours) return;
    if (!userId) signingOut.current = null;
    if (previous && !userId && previous !== ours) {
      void runtime.signedOutElsewhere(previous).catch((error: unknown) => console.error('Clearing the signed-out member’s data failed.', error));
      return;
    }
    void runtime.setIdentity(userId).catch((error: unknown) => console.error('Replication could not start.', error));
  }, [runtime, userId, authSettled]);

  const baseSignOut = auth.signOut;
  const signOut = useCallback(async () => {
    const member = auth.user?.id ?? null;
    if (!runtime || !member) return baseSignOut();
    const count = await runtime.countUnsent();
    let keepUnsent = false;
    if (count > 0) {
      const choice = await new Promise<SignOutChoice>((answer) => setQuestion({ count, answer }));
      setQuestion(null);
      if (choice === 'cancel') return;
      keepUnsent = choice === 'keep';
    }
    signingOut.current = member;
    try {
      await runtime.purgeForSignOut(member, keepUnsent);
    } catch (error) {
      console.error('Purging private data failed.', error);
      toast({ variant: 'destructive', title: 'Sign Out', description: SIGN_OUT_TEXT.purgeFailed });
    }
    // Signing out still happens: a shared device must not stay signed in.
    await baseSignOut();
  }, [runtime, auth.user?.id, baseSignOut]);

  const authValue = useMemo<AuthContextValue>(() => ({ ...auth, signOut }), [auth, signOut]);
  const data = useMemo<AppData>(() => {
    const notOpen = () => Promise.reject(new Error('The local database is not open yet.'));
    return { sync, clearDevice: runtime ? runtime.clearDevice : notOpen, freeSpace: runtime ? runtime.freeSpace : notOpen };
  }, [runtime, sync]);

  return (
    <AuthContext.Provider value={authValue}>
      <DataContext.Provider value={data}>
        {children}
        {askedOnce ? (
          <Suspense fallback={null}>
            <SignOutDialog question={question} />
          </Suspense>
        ) : null}
      </DataContext.Provider>
    </AuthContext.Provider>
  );
}
