import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the window matches `query`, kept current as it changes (a rotation, a resized window), and read while
 * rendering, so the first render already leaves out what this width would only hide: a part hidden by CSS is
 * still built, committed, styled and kept in the page, on a phone's first screen too. Where the browser cannot
 * tell (no `matchMedia`), it answers true: the part renders and its CSS decides, as before.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia !== 'function' || window.matchMedia(query).matches,
    () => true,
  );
}
