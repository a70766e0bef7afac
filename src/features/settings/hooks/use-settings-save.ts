import { useCallback, useState } from 'react';
import { useWhenSent } from '@/db/hooks/use-when-sent';
import { MESSAGES } from '@/lib/shell-constants';
import { toast } from '@/stores/toast-store';
import { SETTINGS_MESSAGES } from '../constants';

export type SaveTexts = {
  /** toast title and on-screen message when the save went through (online) */
  savedTitle: string;
  saved: string;
  /** shown when the save failed without a message of its own */
  failed: string;
};

/**
 * The save flow both settings screens share: a busy flag, the on-screen
 * outcome (online, or saved on this device to sync later) and the toasts.
 * Screens validate first and call `fail` with their own message. Offline, a
 * save is only kept on this device: it says so, and says saved once the
 * member's profile row was really sent.
 */
export function useSettingsSave(texts: SaveTexts, memberId: string) {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [queued, setQueued] = useState(false);
  useWhenSent('profiles', queued ? memberId : null, () => {
    setQueued(false);
    setSuccess(SETTINGS_MESSAGES.sentAfterOffline);
    toast({ variant: 'success', title: MESSAGES.sentNow, description: SETTINGS_MESSAGES.sentAfterOffline });
  });
  const { saved, savedTitle, failed } = texts;

  const reset = useCallback(() => {
    setError(null);
    setSuccess(null);
  }, []);

  /** Runs `save`; resolves true when it succeeded, false when the error is on screen. */
  const submit = useCallback(
    async (save: () => Promise<unknown>): Promise<boolean> => {
      setSaving(true);
      try {
        await save();
        if (navigator.onLine) {
          setSuccess(saved);
          toast({ variant: 'success', title: savedTitle, description: saved });
        } else {
          setQueued(true);
          setSuccess(SETTINGS_MESSAGES.savedOffline);
          toast({ title: MESSAGES.savedOnDevice, description: SETTINGS_MESSAGES.savedOffline });
        }
        return true;
      } catch (err) {
        const message = err instanceof Error && err.message ? err.message : failed;
        setError(message);
        toast({ variant: 'destructive', title: SETTINGS_MESSAGES.updateFailedTitle, description: message });
        return false;
      } finally {
        setSaving(false);
      }
    },
    [saved, savedTitle, failed],
  );

  return { error, success, saving, reset, fail: setError, submit };
}
