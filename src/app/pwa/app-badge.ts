import { useEffect } from 'react';

type BadgingNavigator = Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** Shows `count` on the installed app's icon (cleared at 0); nothing where the Badging API is missing. */
export function applyAppBadge(count: number): void {
  const nav = navigator as BadgingNavigator;
  if (!nav.setAppBadge || !nav.clearAppBadge) return;
  // Refused without an installed app or permission: the icon simply shows nothing.
  void (count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge()).catch(() => undefined);
}

/** Keeps the icon's count equal to the unread notifications the page knows; null leaves it as the worker set it. */
export function useAppBadge(count: number | null): void {
  useEffect(() => {
    if (count !== null) applyAppBadge(count);
  }, [count]);
}
