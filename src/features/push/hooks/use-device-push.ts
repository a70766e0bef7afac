import { useCallback, useEffect, useState } from 'react';
import { getSupabase } from '@/launch/lazy-supabase';
import { DEFAULT_PUSH_PREFERENCES, PUSH_TEXTS, type PushPreferenceKey, type PushPreferences } from '../constants';
import {
  browserSubscription,
  disableDevicePush,
  enableDevicePush,
  loadDevicePreferences,
  PushPermissionError,
  pushSupport,
  saveDevicePreferences,
  type PushSupport,
} from '../model/device-push';

// supabase-js stays out of the first screen's JavaScript; it is loaded when push is looked at.
const getClient = getSupabase;

export type DevicePushState = {
  support: PushSupport;
  /** true until this device's subscription has been looked up */
  loading: boolean;
  /** push is on for this device and this member */
  enabled: boolean;
  preferences: PushPreferences;
  busy: boolean;
  /** the last problem, in the member's words */
  message: string | null;
};

export type DevicePush = DevicePushState & {
  enable: () => Promise<boolean>;
  disable: () => Promise<void>;
  setPreference: (key: PushPreferenceKey, value: boolean) => Promise<void>;
};

/** Push on this device for the signed-in member: what it is now, and the member's actions on it. */
export function useDevicePush(userId: string | null): DevicePush {
  const [state, setState] = useState<DevicePushState>(() => ({
    support: pushSupport(),
    loading: true,
    enabled: false,
    preferences: DEFAULT_PUSH_PREFERENCES,
    busy: false,
    message: null,
  }));

  useEffect(() => {
    let alive = true;
    const support = pushSupport();
    if (!userId || support === 'unsupported' || support === 'not-configured') {
      setState((s) => ({ ...s, support, loading: false, enabled: false }));
      return;
    }
    void (async () => {
      try {
        const subscription = await browserSubscription();
        const preferences = subscription ? await loadDevicePreferences(await getClient(), subscription) : null;
        if (alive)
          setState((s) => ({
            ...s,
            support,
            loading: false,
            enabled: preferences !== null && support === 'granted',
            preferences: preferences ?? DEFAULT_PUSH_PREFERENCES,
          }));
      } catch (error) {
        console.warn("Could not read this device's push subscription.", error);
        if (alive) setState((s) => ({ ...s, support, loading: false }));
      }
    })();
    return () => {
      alive = false;
    };
  }, [userId]);

  const enable = useCallback(async (): Promise<boolean> => {
    if (!userId) return false;
    setState((s) => ({ ...s, busy: true, message: null }));
    try {
      await enableDevicePush(await getClient(), userId, state.preferences);
      setState((s) => ({ ...s, busy: false, enabled: true, support: pushSupport() }));
      return true;
    } catch (error) {
      const message =
        error instanceof PushPermissionError ? (error.permission === 'denied' ? PUSH_TEXTS.blocked : PUSH_TEXTS.permissionDismissed) : PUSH_TEXTS.enableFailed;
      if (!(error instanceof PushPermissionError)) console.error('Turning push on failed.', error);
      setState((s) => ({ ...s, busy: false, enabled: false, support: pushSupport(), message }));
      return false;
    }
  }, [userId, state.preferences]);

  const disable = useCallback(async () => {
    setState((s) => ({ ...s, busy: true, message: null }));
    try {
      await disableDevicePush(await getClient());
      setState((s) => ({ ...s, busy: false, enabled: false }));
    } catch (error) {
      console.error('Turning push off failed.', error);
      setState((s) => ({ ...s, busy: false, message: PUSH_TEXTS.disableFailed }));
    }
  }, []);

  const setPreference = useCallback(
    async (key: PushPreferenceKey, value: boolean) => {
      const previous = state.preferences;
      const next = { ...previous, [key]: value };
      setState((s) => ({ ...s, preferences: next, message: null }));
      try {
        const subscription = await browserSubscription();
        if (subscription) await saveDevicePreferences(await getClient(), subscription, next);
      } catch (error) {
        console.error('Saving push preferences failed.', error);
        setState((s) => ({ ...s, preferences: previous, message: PUSH_TEXTS.saveFailed }));
      }
    },
    [state.preferences],
  );

  return { ...state, enable, disable, setPreference };
}
