/**
 * What a member typed into a form and has not sent yet, so a reload, a crash
 * or a closed tab gives it back: forms outside the local store (profile
 * settings, contact, add-content) keep every change here, and the reply
 * editor keeps the words still pending when its page went away. Kept in
 * localStorage, keyed by form and member, and removed on sign-out and when
 * the device's data is cleared (clearPrivateDeviceData).
 */
import { deviceStorage, privateKey, readJson } from './device-storage';

const keyOf = (key: string) => privateKey('form-draft', key);

/** The stored draft of `key` as `parse` accepts it; one it refuses (another build's shape) is dropped. */
export function readFormDraft<T>(key: string, parse: (value: unknown) => T | null): T | null {
  return readJson(keyOf(key), parse);
}

export function writeFormDraft(key: string, value: unknown): void {
  try {
    deviceStorage()?.setItem(keyOf(key), JSON.stringify(value));
  } catch {
    // A full quota: the form still works, only a reload would lose the words.
  }
}

/**
 * Removes the draft of `key`; with `holding`, only a draft of that value, so a save that lands late
 * cannot remove newer words kept meanwhile.
 */
export function removeFormDraft(key: string, holding?: unknown): void {
  const store = deviceStorage();
  if (holding !== undefined && store?.getItem(keyOf(key)) !== JSON.stringify(holding)) return;
  store?.removeItem(keyOf(key));
}
