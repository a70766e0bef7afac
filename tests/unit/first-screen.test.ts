// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markPulled } from '@/db/first-pull';
import { clearPrivateDeviceData } from '@/lib/device-storage';
import { writeLaunchSnapshot } from '@/launch/launch-snapshot';
import { AUTH_STORAGE_KEY } from '@/lib/shell-constants';

type FirstScreen = typeof import('@/launch/first-screen');

/** The module reads the launch path when it loads, as it does once per page load in the app. */
async function launchOn(path: string): Promise<FirstScreen> {
  window.history.replaceState(null, '', path);
  vi.resetModules();
  return import('@/launch/first-screen');
}

/** Whether the promise settles within a few frames (well under the module's fallback timer). */
async function settlesSoon(promise: Promise<unknown>): Promise<boolean> {
  return Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 200))]);
}

function mainRegion(): HTMLElement {
  const main = document.createElement('main');
  document.body.replaceChildren(main);
  return main;
}

/** A device whose store has been filled before: its screens read the store, not the server. */
function deviceHoldsData(): void {
  for (const name of ['discussions', 'posts', 'profiles'] as const) markPulled(name);
}

afterEach(() => {
  document.body.replaceChildren();
  clearPrivateDeviceData();
});

describe('offline cold start: when the local store opens', () => {
  it('starts opening the store at once when the app launches on the hub, before anything is painted', async () => {
    deviceHoldsData();
    const screen = await launchOn('/discussions');
    expect(screen.launchScreenReadsStore()).toBe(true);
    expect(await settlesSoon(screen.whenStoreIsWanted())).toBe(true);
    expect(await settlesSoon(screen.afterFirstScreen())).toBe(false);
  });

  it('with a launch snapshot of the hub, paints it first and opens the store after, unless the address asks for another view', async () => {
    deviceHoldsData();
    writeLaunchSnapshot('/discussions', { page: {} });
    const snapshot = await launchOn('/discussions');
    expect(snapshot.launchScreenReadsStore()).toBe(false);
    expect(await settlesSoon(snapshot.whenStoreIsWanted())).toBe(false);
    const searched = await launchOn('/discussions?q=vinyl');
    expect(searched.launchScreenReadsStore()).toBe(true);
    const thread = await launchOn('/discussions/thread/abc');
    expect(thread.launchScreenReadsStore()).toBe(true);
  });

  it('on an empty device, a shared thread or the hub is read from the server: the store waits for the first screen and then a quiet spell or the first input', async () => {
    for (const path of ['/discussions/thread/abc', '/discussions']) {
      const screen = await launchOn(path);
      expect(screen.launchScreenReadsServer()).toBe(true);
      expect(screen.launchScreenReadsStore()).toBe(false);
    }
    const thread = await launchOn('/discussions/thread/abc');
    const main = mainRegion();
    const stop = thread.watchFirstScreen(main);
    // The server's answer is not there yet: a skeleton is not the first screen.
    const skeleton = document.createElement('div');
    skeleton.setAttribute('aria-busy', 'true');
    main.append(skeleton);
    expect(await settlesSoon(thread.afterFirstScreen())).toBe(false);
    main.replaceChildren(Object.assign(document.createElement('article'), { textContent: 'The opening post' }));
    expect(await settlesSoon(thread.afterFirstScreen())).toBe(true);
    // Painted, but the member is reading: RxDB, replication and the worker still wait...
    expect(await settlesSoon(thread.whenStoreIsWanted())).toBe(false);
    // ...until they act on the page.
    window.dispatchEvent(new Event('pointerdown'));
    expect(await settlesSoon(thread.whenStoreIsWanted())).toBe(true);
    expect(await settlesSoon(thread.whenBackgroundWorkMayStart())).toBe(true);
    stop();
    // A signed-in member is about to act on the page, which needs the store: as before.
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    expect((await launchOn('/discussions/thread/abc')).launchScreenReadsServer()).toBe(false);
    localStorage.removeItem(AUTH_STORAGE_KEY);
    // So does a link to one post: the screen scrolls to it in the store's thread.
    expect((await launchOn('/discussions/thread/abc?post=def')).launchScreenReadsServer()).toBe(false);
    // Once the store has been filled, the same link reads the store as before.
    deviceHoldsData();
    expect((await launchOn('/discussions/thread/abc')).launchScreenReadsServer()).toBe(false);
  });

  it('keeps the store out of home’s first paint', async () => {
    deviceHoldsData();
    const screen = await launchOn('/');
    expect(screen.launchScreenReadsStore()).toBe(false);
    expect(await settlesSoon(screen.whenStoreIsWanted())).toBe(false);
    const main = mainRegion();
    const stop = screen.watchFirstScreen(main);
    main.append(Object.assign(document.createElement('h1'), { textContent: 'DJCircle' }));
    expect(await settlesSoon(screen.whenStoreIsWanted())).toBe(true);
    stop();
  });

  it('on an empty device, a shared profile, a blog post or home is read from the server: the store waits for a quiet spell after the first screen', async () => {
    for (const path of ['/profile/demo_dj', '/blog/a-post', '/']) {
      const screen = await launchOn(path);
      expect(screen.launchScreenReadsServer()).toBe(true);
      expect(screen.launchScreenReadsStore()).toBe(false);
    }
    // Not the blog list, nor a page of a profile other than the profile itself.
    expect((await launchOn('/blog')).launchScreenReadsServer()).toBe(false);
    expect((await launchOn('/profile/demo_dj/support')).launchScreenReadsServer()).toBe(false);
    const home = await launchOn('/');
    const main = mainRegion();
    const stop = home.watchFirstScreen(main);
    main.append(Object.assign(document.createElement('h1'), { textContent: 'DJCircle' }));
    expect(await settlesSoon(home.afterFirstScreen())).toBe(true);
    // Painted, but the visitor is reading: RxDB, replication and the worker still wait, until they act.
    expect(await settlesSoon(home.whenStoreIsWanted())).toBe(false);
    window.dispatchEvent(new Event('keydown'));
    expect(await settlesSoon(home.whenStoreIsWanted())).toBe(true);
    stop();
    // When the server's read fails (offline), the store is the only source left: it opens without the quiet spell.
    const offline = await launchOn('/profile/demo_dj');
    const offlineMain = mainRegion();
    const stopOffline = offline.watchFirstScreen(offlineMain);
    offlineMain.append(Object.assign(document.createElement('div'), { textContent: 'Loading profile' }));
    expect(await settlesSoon(offline.afterFirstScreen())).toBe(true);
    expect(await settlesSoon(offline.whenStoreIsWanted())).toBe(false);
    offline.storeNeededNow();
    expect(await settlesSoon(offline.whenStoreIsWanted())).toBe(true);
    stopOffline();
    // A device that holds profiles and content reads a profile from its store at once, as before.
    for (const name of ['profiles', 'user_content'] as const) markPulled(name);
    expect((await launchOn('/profile/demo_dj')).launchScreenReadsStore()).toBe(true);
  });
});

describe('offline cold start: what counts as the first screen', () => {
  it('on the hub, a loading skeleton is not the first screen; the readable list is', async () => {
    const screen = await launchOn('/discussions');
    const main = mainRegion();
    const stop = screen.watchFirstScreen(main);
    const list = document.createElement('section');
    list.setAttribute('aria-busy', 'true');
    main.append(list);
    // Replication, supabase-js and the worker wait while the list is still loading.
    expect(await settlesSoon(screen.afterFirstScreen())).toBe(false);
    list.setAttribute('aria-busy', 'false');
    list.append(Object.assign(document.createElement('article'), { textContent: 'Kick drum feedback' }));
    expect(await settlesSoon(screen.afterFirstScreen())).toBe(true);
    stop();
  });

  it('on home, content in the main region is the first screen even while a section below it loads', async () => {
    const screen = await launchOn('/');
    const main = mainRegion();
    const stop = screen.watchFirstScreen(main);
    const below = document.createElement('section');
    below.setAttribute('aria-busy', 'true');
    main.append(below);
    expect(await settlesSoon(screen.afterFirstScreen())).toBe(true);
    stop();
  });
});

describe('the quiet spell after a server-read first screen', () => {
  /**
   * A stand-in for the browser's performance timeline: `report(name)` delivers one entry (a long task by default)
   * to every observer watching its type; `paint()` records the first contentful paint and delivers it.
   */
  function fakeLongTaskTiming({ painted = true }: { painted?: boolean } = {}) {
    const observers = new Map<(list: { getEntries: () => { name: string }[] }) => void, Set<string>>();
    const paints: { name: string }[] = painted ? [{ name: 'first-contentful-paint' }] : [];
    class FakeObserver {
      static supportedEntryTypes = ['longtask', 'resource', 'paint'];
      constructor(private readonly callback: (list: { getEntries: () => { name: string }[] }) => void) {}
      observe({ type }: { type: string }) {
        observers.set(this.callback, (observers.get(this.callback) ?? new Set()).add(type));
      }
      disconnect() {
        observers.delete(this.callback);
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    // Fake timers replace `performance` too: call this after `vi.useFakeTimers()`.
    vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) => paints.filter((p) => p.name === name) as PerformanceEntryList);
    const deliver = (type: string, name: string) => observers.forEach((types, callback) => types.has(type) && callback({ getEntries: () => [{ name }] }));
    return {
      report: (type = 'longtask', name = 'self') => deliver(type, name),
      paint: () => {
        paints.push({ name: 'first-contentful-paint' });
        deliver('paint', 'first-paint');
        deliver('paint', 'first-contentful-paint');
      },
      observing: () => observers.size,
    };
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
    let settled = false;
    void promise.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(ms);
    return settled;
  }

  it('counts from the last long task, so a page still settling on a slow phone is not cut short', async () => {
    const { quietOrFirstInput } = await launchOn('/discussions');
    vi.useFakeTimers();
    const timing = fakeLongTaskTiming();
    const quiet = quietOrFirstInput(3000, 12_000);
    expect(await settledAfter(quiet, 2000)).toBe(false);
    timing.report();
    // 3 s after the first screen, but only 1 s after its last long task.
    expect(await settledAfter(quiet, 1000)).toBe(false);
    expect(await settledAfter(quiet, 1999)).toBe(false);
    expect(await settledAfter(quiet, 1)).toBe(true);
    expect(timing.observing()).toBe(0);
  });

  it('counts from the first contentful paint, not from the render before it', async () => {
    const { quietOrFirstInput } = await launchOn('/discussions');
    vi.useFakeTimers();
    const timing = fakeLongTaskTiming({ painted: false });
    const quiet = quietOrFirstInput(3000, 12_000);
    expect(await settledAfter(quiet, 4000)).toBe(false);
    timing.paint();
    expect(await settledAfter(quiet, 2999)).toBe(false);
    expect(await settledAfter(quiet, 1)).toBe(true);
  });

  it('waits while the page still receives responses (its pictures)', async () => {
    const { quietOrFirstInput } = await launchOn('/discussions');
    vi.useFakeTimers();
    const timing = fakeLongTaskTiming();
    const quiet = quietOrFirstInput(3000, 12_000);
    expect(await settledAfter(quiet, 2500)).toBe(false);
    timing.report('resource', 'https://example.test/avatar.webp');
    expect(await settledAfter(quiet, 2999)).toBe(false);
    expect(await settledAfter(quiet, 1)).toBe(true);
    expect(timing.observing()).toBe(0);
  });

  it('ends after the longest wait on a page that is never quiet, and at once at the first tap', async () => {
    const { quietOrFirstInput } = await launchOn('/discussions');
    vi.useFakeTimers();
    const timing = fakeLongTaskTiming();
    const busy = quietOrFirstInput(3000, 12_000);
    for (let at = 0; at < 11_000; at += 1000) {
      expect(await settledAfter(busy, 1000)).toBe(false);
      timing.report();
    }
    expect(await settledAfter(busy, 1000)).toBe(true);
    const tapped = quietOrFirstInput(3000, 12_000);
    window.dispatchEvent(new Event('pointerdown'));
    expect(await settledAfter(tapped, 0)).toBe(true);
  });

  it('waits the spell alone where the browser has no long-task timing', async () => {
    const { quietOrFirstInput } = await launchOn('/discussions');
    vi.stubGlobal('PerformanceObserver', undefined);
    vi.useFakeTimers();
    const quiet = quietOrFirstInput(3000, 12_000);
    expect(await settledAfter(quiet, 2999)).toBe(false);
    expect(await settledAfter(quiet, 1)).toBe(true);
  });
});
