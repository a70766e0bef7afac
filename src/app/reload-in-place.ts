import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';

/**
 * Loading the page the member is on again (its guards, once the session is known) keeps the page where the
 * member scrolled it. The router's scroll restoration otherwise treats the load's render like a navigation and
 * puts the page back where it was when the load began: on a launch, a member who scrolled while the session
 * was being restored was thrown back to the top.
 */
const entryOf = (location: ParsedLocation) => `${location.href}|${location.state.__TSR_key ?? ''}`;

let reloading: { entry: string; count: number } | null = null;

/** The router's `scrollRestoration` option: restore and reset on every render but the in-place reload's. */
export function restoresScroll({ location }: { location: ParsedLocation }): boolean {
  return reloading?.entry !== entryOf(location);
}

/** Runs the current location's guards and loaders again without moving the page. */
export async function reloadInPlace(router: AnyRouter): Promise<void> {
  const entry = entryOf(router.latestLocation);
  if (reloading?.entry === entry) reloading.count += 1;
  else reloading = { entry, count: 1 };
  const mine = reloading;
  try {
    await router.invalidate();
  } finally {
    mine.count -= 1;
    if (mine.count === 0 && reloading === mine) reloading = null;
  }
}
