/** True when a request failed because the server could not be reached (offline, DNS, refused), not because it said no. */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: string; status?: number; message?: string };
  if (e.name === 'AuthRetryableFetchError') return true;
  if (e.name === 'TypeError' && /fetch|network/i.test(e.message ?? '')) return true;
  return false;
}
