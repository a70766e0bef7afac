import { deviceStorage } from './device-storage';

/**
 * The member's choice, on this device, about refreshing in the background (Periodic Background Sync): on unless
 * they turned it off. A device setting like the theme, so it outlives signing out.
 */
const PERIODIC_REFRESH_SETTING_KEY = 'djcircle-periodic-refresh';

export function periodicRefreshEnabled(): boolean {
  return deviceStorage()?.getItem(PERIODIC_REFRESH_SETTING_KEY) !== 'off';
}

export function setPeriodicRefreshEnabled(on: boolean): void {
  deviceStorage()?.setItem(PERIODIC_REFRESH_SETTING_KEY, on ? 'on' : 'off');
}

/** Whether this browser offers Periodic Background Sync at all (Chromium; it runs only for an installed app). */
export function periodicRefreshSupported(): boolean {
  return typeof ServiceWorkerRegistration !== 'undefined' && 'periodicSync' in ServiceWorkerRegistration.prototype;
}

/** What registering the refresh came to: registered, given up (setting off, not installed, Data Saver), or not offered. */
export type PeriodicRefreshOutcome = 'registered' | 'unregistered' | 'unsupported';
