/**
 * What a member typed into a form that lives outside the local store (profile
 * settings, the contact form) and has not sent yet, so a reload, a crash or
 * a closed tab gives it back. Kept in localStorage, written synchronously on
 * every change, keyed by form and member, and removed on sign-out and when the
 * device's data is cleared.
 */
import { deviceStorage, readJson, removeKeysWithPrefix } from './device-storage';

const PREFIX = 'djcircle-form-draft:';

/** The stored draft of `key` as `parse` accepts it; one it refuses (another build's shape) is dropped. */
export function readFormDraft<T>(key: string, parse: (value: unknown) => T | null): T | null {
  return readJson(PREFIX + key, parse);
}

export function writeFormDraft(key: string, value: unknown): void {
  try {
    deviceStorage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // A full quota: the form still works, only a reload would lose the words.
  }
}

export function removeFormDraft(key: string): void {
  deviceStorage()?.removeItem(PREFIX + key);
}

export function clearFormDrafts(): void {
  removeKeysWithPrefix(PREFIX);
}
