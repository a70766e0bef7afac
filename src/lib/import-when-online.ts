/** Waits between attempts while the browser says it is online but a chunk still did not arrive. */
export const CHUNK_RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

function nextChance(attempt: number): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const delay = CHUNK_RETRY_DELAYS_MS[Math.min(attempt, CHUNK_RETRY_DELAYS_MS.length - 1)];
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    // Offline, only the connection coming back can help; online, a dropped fetch gets another go after a pause.
    const timer = navigator.onLine ? setTimeout(done, delay) : undefined;
    window.addEventListener('online', done);
  });
}

/** Chromium, Firefox and Safari word a module that could not be fetched differently; a module that threw is not one of them. */
function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|module script failed/i.test(error.message);
}

/**
 * Loads a lazily imported chunk, trying again when the connection returns.
 * Until the service worker has precached the app (the first visit), a chunk
 * the launch deferred can be asked for after the signal is gone; one failed
 * import must not leave the data layer, and the messages a member queued,
 * stopped for the life of the page.
 */
export async function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (typeof window === 'undefined' || !isChunkLoadFailure(error)) throw error;
      await nextChance(attempt);
    }
  }
}
