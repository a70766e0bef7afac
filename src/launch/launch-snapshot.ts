/**
 * What a screen made of local data last showed, kept in localStorage so the
 * next launch on that screen can paint it before IndexedDB and RxDB have
 * opened (about 0.7 s of a 4x-throttled offline cold start). The live query
 * replaces it as soon as the store answers. Snapshots hold only what the
 * screen showed, are keyed by path, and are dropped on sign-out and when the
 * device's data is cleared.
 */
import { AVATAR_LOADED_ATTRIBUTE } from '@/components/ui/avatar';
import { deviceStorage as storage, privateKey, readJson } from '@/lib/device-storage';
import { LAUNCH_MARKUP_BUILD_HEADER, LAUNCH_MARKUP_CACHE, LAUNCH_MARKUP_MARKER, launchMarkupKey, LAUNCH_ENTRY_ATTRIBUTE } from '@/lib/launch-markup';

const keyOf = (path: string) => privateKey('launch', path);

/**
 * The snapshot for `path`, when one is kept and `parse` accepts it. One it refuses (a build with another
 * shape wrote it) is dropped, so the next launch does not count on it and opens the store at once.
 */
export function readLaunchSnapshot<T>(path: string, parse: (value: unknown) => T | null): T | null {
  return readJson(keyOf(path), parse);
}

export function hasLaunchSnapshot(path: string): boolean {
  return Boolean(storage()?.getItem(keyOf(path)));
}

/** Keeps `value` for `path`; an unchanged value is not written again (the live list re-emits often). */
export function writeLaunchSnapshot(path: string, value: unknown): void {
  const store = storage();
  if (!store) return;
  keepLaunchMarkup(path);
  const raw = JSON.stringify(value);
  try {
    if (store.getItem(keyOf(path)) !== raw) store.setItem(keyOf(path), raw);
  } catch {
    // A full quota only costs the next launch its head start.
  }
}

/** Longest wait for an idle moment before the screen's markup is taken anyway. */
const MARKUP_IDLE_TIMEOUT_MS = 5000;

/** The markup last kept per path in this page: an unchanged screen is not written again. */
const keptMarkup = new Map<string, string>();
let markupTimer: number | undefined;

/** The entry script of the running build, as the shell names it (as index.html does, or started after the markup's paint). */
function entryScript(): string | null {
  return (
    document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ??
    document.querySelector(`script[${LAUNCH_ENTRY_ATTRIBUTE}]`)?.getAttribute(LAUNCH_ENTRY_ATTRIBUTE) ??
    null
  );
}

/**
 * Keeps the screen's HTML as the launch markup of `path` (see src/lib/launch-markup.ts), in an idle moment
 * after the screen rendered its snapshot's data. Only while that screen is still shown in its default view,
 * rendered by the app (not a markup waiting for it), and only while its snapshot is kept: a sign-out in
 * between drops the snapshot, and then nothing of the member's screen is written after it.
 */
function keepLaunchMarkup(path: string): void {
  if (typeof window === 'undefined' || typeof caches === 'undefined' || typeof requestIdleCallback !== 'function') return;
  if (markupTimer !== undefined) cancelIdleCallback(markupTimer);
  markupTimer = requestIdleCallback(
    () => {
      markupTimer = undefined;
      void takeLaunchMarkup(path).catch(() => undefined);
    },
    { timeout: MARKUP_IDLE_TIMEOUT_MS },
  );
}

/** How far down the page the kept markup reaches, in window heights: a launch shows its top, and more is only more to parse and lay out. */
export const LAUNCH_MARKUP_SCREENS = 1.5;

/**
 * `root`'s HTML without what starts further down the page than `LAUNCH_MARKUP_SCREENS` windows: the launch paints
 * the markup as a page of its own, and every element in it is styled and laid out before the list shows (a throttled
 * cold start of the hub spent about 450 ms on its ten cards, header and footer). The app's first render brings the
 * rest. Elements with no box (hidden at this width) stay, and so do fixed and sticky ones with all they hold: on a
 * scrolled page, where they are drawn says nothing of where they sit in it.
 */
function firstScreensMarkup(root: HTMLElement): string {
  const fold = window.innerHeight * LAUNCH_MARKUP_SCREENS;
  const copy = root.cloneNode(true) as HTMLElement;
  const copies = copy.querySelectorAll('*');
  const cut = new Set<Element>();
  const pinned = new Set<Element>();
  const cutCopies: Element[] = [];
  // Document order visits a parent before its children: what is inside a cut or pinned element follows it unmeasured.
  root.querySelectorAll('*').forEach((element, index) => {
    const parent = element.parentElement;
    if (parent && (cut.has(parent) || pinned.has(parent))) {
      (cut.has(parent) ? cut : pinned).add(element);
      return;
    }
    const box = element.getBoundingClientRect();
    if ((box.height === 0 && box.width === 0) || box.top + window.scrollY < fold) return;
    const { position } = getComputedStyle(element);
    if (position === 'fixed' || position === 'sticky') {
      pinned.add(element);
      return;
    }
    cut.add(element);
    cutCopies.push(copies[index]);
  });
  for (const element of cutCopies) element.remove();
  // Whether an avatar's picture had loaded (which hides the initials under it) is this page's state, not the
  // screen's: a launch offline may not get the picture, and the markup should not change as pictures arrive.
  copy.querySelectorAll(`[${AVATAR_LOADED_ATTRIBUTE}]`).forEach((picture) => picture.removeAttribute(AVATAR_LOADED_ATTRIBUTE));
  return copy.innerHTML;
}

async function takeLaunchMarkup(path: string): Promise<void> {
  const root = document.getElementById('root');
  const build = entryScript();
  const current = () => location.pathname === path && location.search === '' && hasLaunchSnapshot(path);
  if (!root || !build || !current() || root.querySelector(`[${LAUNCH_MARKUP_MARKER}]`)) return;
  // Member-written HTML is never kept: the markup is served as HTML, and sanitised HTML serialised and parsed
  // again is not always the same tree (`member-html` marks every element that renders it).
  if (root.querySelector('.member-html')) return;
  const markup = firstScreensMarkup(root);
  if (keptMarkup.get(path) === markup) return;
  const cache = await caches.open(LAUNCH_MARKUP_CACHE);
  if (!current()) return;
  keptMarkup.set(path, markup);
  await cache.put(
    launchMarkupKey(path),
    new Response(markup, { headers: { 'content-type': 'text/html; charset=utf-8', [LAUNCH_MARKUP_BUILD_HEADER]: build } }),
  );
}
