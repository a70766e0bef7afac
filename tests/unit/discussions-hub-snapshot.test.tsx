// @vitest-environment happy-dom
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { BehaviorSubject, map } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { HubScreen, type HubSearchState } from '@/features/discussions/components/hub-screen';
import { HUB_CARD_SLICE, HUB_FIRST_CARDS, HUB_PAGE_SIZE, HUB_SKELETON_COUNT, HUB_TEXT } from '@/features/discussions/constants';
import { HUB_PATH, readHubSnapshot, writeHubSnapshot } from '@/features/discussions/model/hub-snapshot';
import { toDiscussionRow } from '@/features/discussions/model/row-shapes';
import type { DiscussionRow } from '@/features/discussions/model/types';
import { clearPrivateDeviceData } from '@/lib/device-storage';
import { hasLaunchSnapshot, writeLaunchSnapshot } from '@/launch/launch-snapshot';

function row(n: number, title = `Stored thread ${n}`): DiscussionRow {
  const at = new Date(Date.UTC(2026, 10, 1, 12, n)).toISOString();
  return toDiscussionRow({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    user_id: '00000000-0000-4000-8000-000000000999',
    title,
    category: 'Track Feedback',
    is_pinned: false,
    is_locked: false,
    created_at: at,
    last_activity_at: at,
    post_count: 2,
    author_username: 'demo_producer',
    author_display_name: 'Demo Producer',
  });
}

/** The boundary: the local store's discussions collection, as a stream the test feeds. */
function storeWith(rows: BehaviorSubject<DiscussionRow[]>): AppDatabase {
  const docs$ = rows.pipe(map((list) => list.map((r) => ({ toJSON: () => r }))));
  return { discussions: { find: () => ({ $: docs$ }) } } as unknown as AppDatabase;
}

/** The boundary: the database as the app opens it, closed until the test opens it. */
const opened = vi.hoisted(() => ({ db: null as unknown, listeners: new Set<() => void>() }));
vi.mock('@/db/hooks/use-database', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (listener: () => void) => {
    opened.listeners.add(listener);
    return () => opened.listeners.delete(listener);
  };
  const useDatabase = () => useSyncExternalStore(subscribe, () => opened.db as AppDatabase | null);
  return { useDatabase, useDatabaseOpening: () => ({ db: useDatabase(), error: null }), toError: (e: unknown) => e as Error };
});

/** The hub as its route renders it, inside a router (cards link to threads). */
function renderHub(props: { db: AppDatabase | null; search?: HubSearchState }) {
  opened.db = props.db;
  const setDb = (db: AppDatabase | null) => {
    opened.db = db;
    for (const listener of opened.listeners) listener();
  };
  function Harness() {
    return <HubScreen search={props.search ?? {}} onSearchChange={() => undefined} member={null} />;
  }
  const router = createRouter({
    routeTree: createRootRoute({ component: Harness }),
    history: createMemoryHistory({ initialEntries: [HUB_PATH] }),
  });
  render(<RouterProvider router={router} />);
  return { openStore: (db: AppDatabase) => act(() => setDb(db)) };
}

const list = () => screen.getByRole('region', { name: HUB_TEXT.heading });

beforeEach(() => clearPrivateDeviceData());
afterEach(() => {
  cleanup();
  clearPrivateDeviceData();
});

describe('offline cold start: the hub paints what it last showed while the store opens', () => {
  it('with a snapshot of the default view, its cards show before the store is open, never as skeletons', async () => {
    writeHubSnapshot({ page: { items: [row(1, 'Kick drum feedback')], total: 1, page: 1, totalPages: 1 }, categories: ['Track Feedback'] });
    renderHub({ db: null });
    expect(await screen.findByText('Kick drum feedback')).toBeTruthy();
    expect(list().getAttribute('aria-busy')).toBe('false');
    expect(list().querySelectorAll('[data-testid="discussion-card"]')).toHaveLength(1);
  });

  it('without one, skeleton cards show while the store opens', async () => {
    renderHub({ db: null });
    await waitFor(() => expect(list().getAttribute('aria-busy')).toBe('true'));
    expect(list().querySelectorAll('[data-testid="discussion-card"]')).toHaveLength(0);
    expect(list().children).toHaveLength(HUB_SKELETON_COUNT);
  });

  it('a search or filter in the address is not what the snapshot shows: skeletons until the store answers', async () => {
    writeHubSnapshot({ page: { items: [row(1, 'Kick drum feedback')], total: 1, page: 1, totalPages: 1 }, categories: [] });
    renderHub({ db: null, search: { q: 'vinyl' } });
    await waitFor(() => expect(list().getAttribute('aria-busy')).toBe('true'));
    expect(screen.queryByText('Kick drum feedback')).toBeNull();
  });

  it('the store’s list replaces the snapshot and becomes the next launch’s snapshot', async () => {
    writeHubSnapshot({ page: { items: [row(1, 'Deleted since')], total: 1, page: 1, totalPages: 1 }, categories: [] });
    const rows = new BehaviorSubject(Array.from({ length: HUB_PAGE_SIZE + 2 }, (_, i) => row(i + 1)));
    const hub = renderHub({ db: null });
    expect(await screen.findByText('Deleted since')).toBeTruthy();
    hub.openStore(storeWith(rows));
    await waitFor(() => expect(screen.queryByText('Deleted since')).toBeNull());
    // Newest activity first: the last two rows are on page 2.
    expect(screen.getByText(`Stored thread ${HUB_PAGE_SIZE + 2}`)).toBeTruthy();
    const next = readHubSnapshot();
    expect(next?.page.items.map((d) => d.title)).toEqual(Array.from({ length: HUB_PAGE_SIZE }, (_, i) => `Stored thread ${HUB_PAGE_SIZE + 2 - i}`));
    expect(next?.page.totalPages).toBe(2);
    expect(next?.categories).toContain('Track Feedback');
  });

  it('a snapshot another build wrote in another shape is ignored, not shown half-parsed', async () => {
    writeLaunchSnapshot(HUB_PATH, { items: [{ title: 'Old shape' }] });
    expect(readHubSnapshot()).toBeNull();
    // Dropped, so the next launch opens the store at once instead of counting on it.
    expect(hasLaunchSnapshot(HUB_PATH)).toBe(false);
    renderHub({ db: null });
    await waitFor(() => expect(list().getAttribute('aria-busy')).toBe('true'));
    expect(screen.queryByText('Old shape')).toBeNull();
  });

  it('clearing the device’s data (and signing out) drops every snapshot', () => {
    writeHubSnapshot({ page: { items: [row(1)], total: 1, page: 1, totalPages: 1 }, categories: [] });
    expect(hasLaunchSnapshot(HUB_PATH)).toBe(true);
    clearPrivateDeviceData();
    expect(hasLaunchSnapshot(HUB_PATH)).toBe(false);
  });
});

/** The boundary: the window's media queries, answered for a window this test widens. */
function windowOfWidth(wide: boolean) {
  const listeners = new Set<() => void>();
  let matches = wide;
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return matches;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    widen() {
      matches = true;
      for (const listener of listeners) listener();
    },
  };
}

describe("the hub's side column", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is not built in a window too narrow to show it, and is built once the window is wide enough', async () => {
    const media = windowOfWidth(false);
    renderHub({ db: storeWith(new BehaviorSubject([row(1, 'Kick drum feedback')])) });
    expect(await screen.findByText('Kick drum feedback')).toBeTruthy();
    expect(screen.queryByTestId('hub-aside')).toBeNull();
    act(() => media.widen());
    expect(await screen.findByTestId('hub-aside')).toBeTruthy();
  });
});

describe("the hub's first frame", () => {
  it('holds the cards a phone shows first; the rest of the page follows in small slices, in order', async () => {
    const items = Array.from({ length: HUB_PAGE_SIZE }, (_, i) => row(i + 1));
    writeHubSnapshot({ page: { items, total: items.length, page: 1, totalPages: 1 }, categories: ['Track Feedback'] });
    // Every commit's card count, as the document holds it after the commit.
    const counts: number[] = [];
    const cards = () => document.querySelectorAll('[data-testid="discussion-card"]');
    const observer = new MutationObserver(() => {
      if (cards().length > 0 && cards().length !== counts.at(-1)) counts.push(cards().length);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderHub({ db: null });
    await waitFor(() => expect(cards()).toHaveLength(HUB_PAGE_SIZE));
    observer.disconnect();
    expect(counts[0]).toBe(HUB_FIRST_CARDS);
    for (let i = 1; i < counts.length; i++) expect(counts[i] - counts[i - 1]).toBeLessThanOrEqual(HUB_CARD_SLICE);
    expect([...cards()].map((card) => card.querySelector('h2 a')?.textContent)).toEqual(items.map((item) => item.title));
  });
});
