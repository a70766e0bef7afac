import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { whenBackgroundWorkMayStart } from '@/launch/first-screen';

type TooltipModule = typeof import('@/components/ui/tooltip');

// Tooltips (Radix tooltip, floating-ui) only show after a hover or a focus, so their code stays out of the
// first screen and loads with the launch's background work.
let tooltipModule: TooltipModule | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadTooltips(): void {
  loading ??= import('@/components/ui/tooltip').then(
    (m) => {
      tooltipModule = m;
      for (const listener of listeners) listener();
    },
    () => {
      // Offline before the worker cached the code: the next list that needs tooltips tries again.
      loading = null;
    },
  );
}

/** Runs `run` with the launch's background work (after the first screen, and a shared link's quiet spell); returns a cancel. */
function whenIdle(run: () => void): () => void {
  let live = true;
  void whenBackgroundWorkMayStart().then(() => live && run());
  return () => {
    live = false;
  };
}

const FOCUSABLE = 'a[href], button, [tabindex="0"]';

/**
 * The tooltip components once their code has loaded (null until then), for a list whose items get tooltips
 * only when `wanted`. Wrapping the items in a tooltip remounts them, so a link that had keyboard focus when the
 * code arrived gets it back: attach `containerRef` to the element that holds the items.
 */
export function useDeferredTooltips<T extends HTMLElement>(wanted: boolean) {
  const containerRef = useRef<T | null>(null);
  const refocusIndex = useRef(-1);
  const subscribe = useCallback((notify: () => void) => {
    const listener = () => {
      const container = containerRef.current;
      const active = document.activeElement;
      refocusIndex.current = container && active && container.contains(active) ? [...container.querySelectorAll(FOCUSABLE)].indexOf(active) : -1;
      notify();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  const tooltips = useSyncExternalStore(
    subscribe,
    () => tooltipModule,
    () => null,
  );

  useEffect(() => {
    if (!wanted || tooltipModule) return;
    return whenIdle(loadTooltips);
  }, [wanted]);

  useLayoutEffect(() => {
    const index = refocusIndex.current;
    if (index < 0) return;
    refocusIndex.current = -1;
    const target = containerRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE)[index];
    target?.focus();
  }, [tooltips]);

  return { tooltips: wanted ? tooltips : null, containerRef };
}
