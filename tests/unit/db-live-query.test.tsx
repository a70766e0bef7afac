// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Suspense, use } from 'react';
import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '@/db/database';

// The boundary: opening IndexedDB. Each call hands out a promise the test settles.
const opening = vi.hoisted(() => ({ calls: [] as { resolve: (db: unknown) => void; reject: (error: unknown) => void }[] }));
vi.mock('@/db/load-database', () => ({
  loadDatabase: () =>
    new Promise((resolve, reject) => {
      opening.calls.push({ resolve, reject });
    }),
}));

// React's transitions, watched: which updates the hook hands to startTransition (they still run).
const transitions = vi.hoisted(() => ({ count: 0 }));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  return {
    ...react,
    startTransition: (update: () => void) => {
      transitions.count++;
      react.startTransition(update);
    },
  };
});

const fakeDb = { name: 'store' } as unknown as AppDatabase;

/** A fresh copy of the hook: the opened database is remembered per module, as in the app. */
async function importHook() {
  vi.resetModules();
  return (await import('@/db/hooks/use-live-query')).useLiveQuery;
}

beforeEach(() => {
  opening.calls = [];
  transitions.count = 0;
});
afterEach(() => cleanup());

describe('useLiveQuery: one live read of the local store', () => {
  it('is loading with the initial value until the store opened and answered, then follows every change', async () => {
    const useLiveQuery = await importHook();
    const rows = new BehaviorSubject<string[]>(['first post']);
    const query = vi.fn((_db: AppDatabase): Observable<string[]> => rows);
    const { result } = renderHook(() => useLiveQuery(query, [], [] as string[]));
    expect(result.current).toMatchObject({ value: [], loading: true, error: null });
    expect(query).not.toHaveBeenCalled();

    await act(async () => opening.calls[0].resolve(fakeDb));
    await waitFor(() => expect(result.current).toMatchObject({ value: ['first post'], loading: false, error: null }));
    expect(query).toHaveBeenCalledWith(fakeDb);

    act(() => rows.next(['first post', 'a reply replication pulled']));
    expect(result.current.value).toEqual(['first post', 'a reply replication pulled']);
  });

  it('stays loading with the initial value while the query is null (nothing to read yet)', async () => {
    const useLiveQuery = await importHook();
    const { result } = renderHook(() => useLiveQuery(() => null, [], 'none'));
    await act(async () => opening.calls[0].resolve(fakeDb));
    expect(result.current).toMatchObject({ value: 'none', loading: true, error: null });
  });

  it('reports a failed query with the last value kept, and retry subscribes afresh', async () => {
    const useLiveQuery = await importHook();
    let source = new Subject<string>();
    const query = vi.fn(() => source);
    const { result } = renderHook(() => useLiveQuery(query, [], 'initial'));
    await act(async () => opening.calls[0].resolve(fakeDb));
    act(() => source.next('shown before the failure'));
    act(() => source.error(new Error('QU14: query failed')));
    expect(result.current).toMatchObject({ value: 'shown before the failure', loading: false });
    expect(result.current.error?.message).toBe('QU14: query failed');

    source = new Subject<string>();
    act(() => result.current.retry());
    expect(result.current).toMatchObject({ loading: true, error: null });
    expect(query).toHaveBeenCalledTimes(2);
    act(() => source.next('read again'));
    expect(result.current).toMatchObject({ value: 'read again', loading: false, error: null });
  });

  it('reports a store that could not be opened, and retry opens it again', async () => {
    const useLiveQuery = await importHook();
    const query = vi.fn(() => new BehaviorSubject('from the store'));
    const { result } = renderHook(() => useLiveQuery(query, [], 'initial'));
    await act(async () => opening.calls[0].reject(new Error('IndexedDB is unavailable')));
    await waitFor(() => expect(result.current.error?.message).toBe('IndexedDB is unavailable'));
    expect(result.current).toMatchObject({ value: 'initial', loading: false });
    expect(query).not.toHaveBeenCalled();

    act(() => result.current.retry());
    await waitFor(() => expect(opening.calls).toHaveLength(2));
    await act(async () => opening.calls[1].resolve(fakeDb));
    await waitFor(() => expect(result.current).toMatchObject({ value: 'from the store', loading: false, error: null }));
  });

  it('reads again when what the query depends on changes', async () => {
    const useLiveQuery = await importHook();
    const { result, rerender } = renderHook(({ id }) => useLiveQuery(() => new BehaviorSubject(`thread ${id}`), [id], ''), { initialProps: { id: 1 } });
    await act(async () => opening.calls[0].resolve(fakeDb));
    await waitFor(() => expect(result.current.value).toBe('thread 1'));
    rerender({ id: 2 });
    expect(result.current.value).toBe('thread 2');
  });

  it('mounts its first result as a transition (what showed stays until the new content is ready), and shows later results at once', async () => {
    const useLiveQuery = await importHook();
    const rows = new BehaviorSubject<string[]>(['first post']);
    let release: (text: string) => void = () => undefined;
    const slowPart = new Promise<string>((resolve) => (release = resolve));
    function SlowPart() {
      return <p>{use(slowPart)}</p>;
    }
    function Rows() {
      const { value, loading } = useLiveQuery(() => rows, [], [] as string[]);
      if (loading) return <p>Loading posts</p>;
      return (
        <>
          {value.map((text) => (
            <p key={text}>{text}</p>
          ))}
          <SlowPart />
        </>
      );
    }
    render(
      <Suspense fallback={<p>Blank fallback</p>}>
        <Rows />
      </Suspense>,
    );
    await act(async () => opening.calls[0].resolve(fakeDb));
    // An update React must finish in one go would have swapped the loading text for the fallback.
    expect(screen.getByText('Loading posts')).toBeTruthy();
    expect(screen.queryByText('Blank fallback')).toBeNull();
    await act(async () => release('the rest of the screen'));
    await waitFor(() => expect(screen.getByText('first post')).toBeTruthy());
    expect(screen.getByText('the rest of the screen')).toBeTruthy();

    act(() => rows.next(['first post', 'a reply replication pulled']));
    expect(screen.getByText('a reply replication pulled')).toBeTruthy();
  });
});

describe('useLiveQuery: the first result during the launch and after it', () => {
  it('mounts a first result as a transition while the app launches, and at once once the launch is over', async () => {
    vi.resetModules();
    const module = await import('@/db/hooks/use-live-query');
    const rows = new BehaviorSubject<string[]>(['first post']);
    const launch = renderHook(() => module.useLiveQuery(() => rows, [], [] as string[]));
    await act(async () => opening.calls[0].resolve(fakeDb));
    await waitFor(() => expect(launch.result.current.value).toEqual(['first post']));
    expect(transitions.count).toBe(1);
    // a later result of the same query is never a transition
    act(() => rows.next(['first post', 'a reply']));
    expect(transitions.count).toBe(1);

    // the member taps a thread after the first screen: its read renders in the same update, not behind others
    module.renderFirstResultsAtOnce();
    const tapped = renderHook(() => module.useLiveQuery(() => new BehaviorSubject(['a thread the member opened']), [], [] as string[]));
    expect(tapped.result.current).toMatchObject({ value: ['a thread the member opened'], loading: false });
    expect(transitions.count).toBe(1);
  });
});
