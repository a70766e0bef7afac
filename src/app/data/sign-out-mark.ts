/**
 * A note in localStorage that a member's sign-out purge already ran on this
 * device. Other tabs see the same sign-out as an auth event; without the note
 * they would purge again and drop the drafts the member chose to keep.
 */
const PREFIX = 'djcircle-signed-out:';

export function markSignedOut(userId: string): void {
  try {
    localStorage.setItem(PREFIX + userId, new Date().toISOString());
  } catch {
    // Storage can be unavailable (private mode quotas); the worst case is a second purge.
  }
}

export function hasSignOutMark(userId: string): boolean {
  try {
    return localStorage.getItem(PREFIX + userId) !== null;
  } catch {
    return false;
  }
}

export function clearSignOutMark(userId: string): void {
  try {
    localStorage.removeItem(PREFIX + userId);
  } catch {
    // See markSignedOut.
  }
}
