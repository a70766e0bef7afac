/**
 * When offering to install the app is welcome: from the member's second visit, or once they kept something
 * offline (they rely on the app without a connection). Counted on this device only.
 */
import { deviceStorage } from './device-storage';

const VISITS_KEY = 'djcircle-visits';
const KEPT_KEY = 'djcircle-kept-offline';
/** Per tab: a reload is not another visit. */
const COUNTED_KEY = 'djcircle-visit-counted';

/** Counts this visit once per tab session; returns how many visits this device has had. */
export function countVisit(): number {
  const store = deviceStorage();
  if (!store) return 0;
  const visits = Number(store.getItem(VISITS_KEY) ?? 0) || 0;
  try {
    if (sessionStorage.getItem(COUNTED_KEY)) return visits;
    sessionStorage.setItem(COUNTED_KEY, '1');
  } catch {
    return visits;
  }
  store.setItem(VISITS_KEY, String(visits + 1));
  return visits + 1;
}

export function noteKeptOffline(): void {
  deviceStorage()?.setItem(KEPT_KEY, '1');
}

export function installMomentReached(visits: number): boolean {
  return visits >= 2 || deviceStorage()?.getItem(KEPT_KEY) === '1';
}
