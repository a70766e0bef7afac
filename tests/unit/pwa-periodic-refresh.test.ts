import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerPeriodicRefresh } from '@/app/pwa/background-sync';
import { PERIODIC_REFRESH_MIN_INTERVAL_MS, PERIODIC_REFRESH_TAG } from '@/app/pwa/constants';
import { setPeriodicRefreshEnabled } from '@/lib/periodic-refresh-setting';

/** localStorage as the browser keeps it, for the member's setting. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

type Browser = { permission?: PermissionState | 'throws'; saveData?: boolean; periodicSync?: boolean };

/** The browser's side, stubbed: its worker registration, the permission it reports and Data Saver. */
function browser({ permission = 'granted', saveData = false, periodicSync = true }: Browser) {
  const calls: string[] = [];
  const registration = {
    active: {},
    periodicSync: periodicSync
      ? {
          register: async (tag: string, options: { minInterval: number }) => void calls.push(`register ${tag} ${options.minInterval}`),
          unregister: async (tag: string) => void calls.push(`unregister ${tag}`),
        }
      : undefined,
  };
  vi.stubGlobal('navigator', {
    serviceWorker: { getRegistration: async () => registration },
    permissions: {
      query: async ({ name }: { name: string }) => {
        if (permission === 'throws') throw new TypeError(`unknown permission ${name}`);
        return { state: name === 'periodic-background-sync' ? permission : 'denied' };
      },
    },
    connection: { saveData },
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Periodic Background Sync registration', () => {
  it('registers the refresh with its minimum interval once the browser grants it', async () => {
    const calls = browser({});
    expect(await registerPeriodicRefresh()).toBe('registered');
    expect(calls).toEqual([`register ${PERIODIC_REFRESH_TAG} ${PERIODIC_REFRESH_MIN_INTERVAL_MS}`]);
  });

  it('gives the refresh up without the permission or with Data Saver on', async () => {
    for (const setup of [{ permission: 'prompt' as const }, { permission: 'denied' as const }, { saveData: true }]) {
      const calls = browser(setup);
      expect(await registerPeriodicRefresh()).toBe('unregistered');
      expect(calls).toEqual([`unregister ${PERIODIC_REFRESH_TAG}`]);
    }
  });

  it('unregisters the refresh when the member turned the setting off, and registers it again when they turn it on', async () => {
    const off = browser({});
    vi.stubGlobal('localStorage', memoryStorage());
    setPeriodicRefreshEnabled(false);
    expect(await registerPeriodicRefresh()).toBe('unregistered');
    expect(off).toEqual([`unregister ${PERIODIC_REFRESH_TAG}`]);
    const on = browser({});
    setPeriodicRefreshEnabled(true);
    expect(await registerPeriodicRefresh()).toBe('registered');
    expect(on).toEqual([`register ${PERIODIC_REFRESH_TAG} ${PERIODIC_REFRESH_MIN_INTERVAL_MS}`]);
  });

  it('does nothing where the browser has no Periodic Background Sync or does not know its permission', async () => {
    const none = browser({ periodicSync: false });
    expect(await registerPeriodicRefresh()).toBe('unsupported');
    expect(none).toEqual([]);
    const unknown = browser({ permission: 'throws' });
    expect(await registerPeriodicRefresh()).toBe('unregistered');
    expect(unknown).toEqual([`unregister ${PERIODIC_REFRESH_TAG}`]);
  });
});
