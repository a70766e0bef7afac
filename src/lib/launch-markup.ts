/**
 * The launch markup: the HTML of a screen the store last painted (the hub), kept in Cache Storage so the
 * service worker can serve the shell with it already inside. A cold start, offline or on a slow phone, then
 * shows the member's list as soon as the static shell would paint, before the app's JavaScript has loaded;
 * React's first render replaces it (a root's first commit clears what its container held). Shared by the
 * page, which keeps the markup, and the worker, which serves it.
 */

/** The cache holding one markup per path. */
export const LAUNCH_MARKUP_CACHE = 'djcircle-launch-markup';

/** Names the entry script of the build that painted a markup: another build's shell never takes it. */
export const LAUNCH_MARKUP_BUILD_HEADER = 'x-djcircle-build';

/** Marks a shell served with a markup (an empty element React's first render removes with the rest). */
export const LAUNCH_MARKUP_MARKER = 'data-launch-markup';

/** Names the entry script on a shell served with a markup, where the entry starts after the first paint. */
export const LAUNCH_ENTRY_ATTRIBUTE = 'data-launch-entry';

const EMPTY_ROOT = '<div id="root"></div>';

/** How the shell loads the build's entry script. */
const entryTag = (build: string) => `<script type="module" crossorigin src="${build}"></script>`;

/**
 * The entry, started after the markup's first paint. A page parsed in one go runs its deferred module before
 * the browser paints, and evaluating the app costs a throttled phone most of a second: the markup then shows
 * no sooner than the app's own render. Fetched and compiled meanwhile (modulepreload); started after the next
 * frame, or after 200 ms in a page that draws none (hidden): the wait of `afterNextPaint` (src/lib/after-paint.ts),
 * written out because nothing of the app is loaded yet to call it.
 */
const entryAfterPaint = (build: string) =>
  `<link rel="modulepreload" crossorigin href="${build}"><script type="module" ${LAUNCH_ENTRY_ATTRIBUTE}="${build}">` +
  `let start = () => { start = () => {}; import(${JSON.stringify(build)}); };` +
  `requestAnimationFrame(() => setTimeout(() => start(), 0)); setTimeout(() => start(), 200);</script>`;

/** The cache key of `path`'s markup: a same-origin URL nothing serves. */
export function launchMarkupKey(path: string): string {
  return `/__launch-markup${path}`;
}

/**
 * The shell with `markup` inside its root, or null when it cannot take it: the markup was painted by
 * another build (its classes and nodes may not match this build's stylesheet and screens), or the shell
 * has no empty root.
 */
export function shellWithLaunchMarkup(shell: string, markup: string, build: string | null): string | null {
  // The build is only ever named as this shell's own entry tag names it: plain text of this shell.
  if (!build || !shell.includes(entryTag(build)) || !shell.includes(EMPTY_ROOT)) return null;
  // Functions, so `$&` and friends in the markup stay text.
  return shell
    .replace(entryTag(build), () => entryAfterPaint(build))
    .replace(EMPTY_ROOT, () => `<div id="root"><template ${LAUNCH_MARKUP_MARKER}></template>${markup}</div>`);
}

/** Forgets every kept markup (sign-out, clearing the device): what it shows was seen through the member's eyes. */
export async function forgetLaunchMarkup(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(LAUNCH_MARKUP_CACHE).catch(() => false);
}
