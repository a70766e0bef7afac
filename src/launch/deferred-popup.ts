import { useCallback, useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { whenBackgroundWorkMayStart } from '@/launch/first-screen';
import { importWhenOnline } from '@/lib/import-when-online';

/** The code of a deferred component: fetched once, kept, retried after a failure; fetched with the launch's background work too. */
function useDeferredCode<P>(load: () => Promise<ComponentType<P>>) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  const loading = useRef<Promise<ComponentType<P>> | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const fetchCode = useCallback(() => {
    // Offline, the fetch waits for the connection; any other failure is forgotten so the next attempt retries.
    loading.current ??= importWhenOnline(load).catch((error: unknown) => {
      loading.current = null;
      throw error;
    });
    return loading.current;
  }, [load]);

  const prefetch = useCallback(() => {
    fetchCode().catch(() => undefined);
  }, [fetchCode]);

  useEffect(() => {
    let live = true;
    void whenBackgroundWorkMayStart().then(() => {
      if (live) prefetch();
    });
    return () => {
      live = false;
    };
  }, [prefetch]);

  const show = useCallback(() => {
    fetchCode().then(
      (component) => {
        if (mounted.current) setLoaded(() => component);
      },
      () => undefined,
    );
  }, [fetchCode]);

  return { Loaded, prefetch, show };
}

/**
 * A dialog opened from elsewhere (its `open` is the caller's state) whose code loads when it is first wanted
 * instead of with the screen: null until then, the real component from then on.
 */
export function useDeferredComponent<P>(load: () => Promise<ComponentType<P>>, wanted: boolean): ComponentType<P> | null {
  const { Loaded, show } = useDeferredCode(load);
  useEffect(() => {
    if (wanted) show();
  }, [wanted, show]);
  return Loaded;
}

/**
 * A menu or panel whose code loads on first use instead of with the app's first screen.
 *
 * The trigger button renders at once (same markup, focusable, announced as a popup button); pointing at it or
 * focusing it fetches the popup's code, and activating it (click, Enter, Space, ArrowDown) swaps in the real
 * component already open. From then on the real component is rendered, so the trigger behaves exactly as before.
 * The code is also fetched once the first screen is up, so the popup still opens if the connection drops later.
 */
export function useDeferredPopup<P>(load: () => Promise<ComponentType<P>>, popup: 'menu' | 'dialog') {
  const { Loaded, prefetch, show: activate } = useDeferredCode(load);

  const triggerProps = {
    type: 'button' as const,
    'aria-haspopup': popup,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: activate,
    onKeyDown: (event: KeyboardEvent) => {
      // The real menu trigger also opens on ArrowDown; Enter and Space already fire a click.
      if (popup === 'menu' && event.key === 'ArrowDown') {
        event.preventDefault();
        activate();
      }
    },
  };

  return { Loaded, triggerProps };
}
