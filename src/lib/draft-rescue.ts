/**
 * The last words of a draft that had not reached the local store when the
 * page went away. A draft is saved to IndexedDB asynchronously and a reload
 * or a closed tab does not wait for that, so the form also writes what was
 * still pending here, synchronously, as the page hides. The next time the
 * form opens it saves the rescued text through its usual path and drops the
 * rescue. Rescues name their member and are removed on sign-out and when the
 * device's data is cleared.
 */
import { deviceStorage, removeKeysWithPrefix } from './device-storage';

const PREFIX = 'djcircle-draft-rescue:';

type Rescue = { memberId: string; value: unknown };

function read(draftId: string): { raw: string; rescue: Rescue } | null {
  const raw = deviceStorage()?.getItem(PREFIX + draftId);
  if (!raw) return null;
  try {
    const rescue = JSON.parse(raw) as Partial<Rescue> | null;
    if (rescue && typeof rescue.memberId === 'string' && 'value' in rescue) return { raw, rescue: { memberId: rescue.memberId, value: rescue.value } };
  } catch {
    // Not ours or torn: nothing to give back.
  }
  return null;
}

export function rescueDraft(draftId: string, memberId: string, value: unknown): void {
  try {
    deviceStorage()?.setItem(PREFIX + draftId, JSON.stringify({ memberId, value } satisfies Rescue));
  } catch {
    // A full quota leaves the IndexedDB save, which still runs.
  }
}

/** What `memberId` had pending in `draftId` when a page went away, if anything. */
export function readDraftRescue(draftId: string, memberId: string): { value: unknown } | null {
  const found = read(draftId);
  return found && found.rescue.memberId === memberId ? { value: found.rescue.value } : null;
}

/**
 * Drops the rescue of `draftId`: every one when no value is given (the draft was sent or cleared),
 * else only one holding `value`, so a save that lands late cannot drop newer words rescued meanwhile.
 */
export function dropDraftRescue(draftId: string, value?: unknown): void {
  const found = read(draftId);
  if (!found) return;
  if (value === undefined || JSON.stringify(found.rescue.value) === JSON.stringify(value)) deviceStorage()?.removeItem(PREFIX + draftId);
}

export function clearDraftRescues(): void {
  removeKeysWithPrefix(PREFIX);
}
