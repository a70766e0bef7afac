/** Longest wait for a frame: a hidden page paints none, and work queued behind a paint must still run. */
const PAINT_WAIT_MAX_MS = 100;

/**
 * Runs `callback` in a task after the browser's next frame (a macrotask queued from the frame's animation
 * callback), or after PAINT_WAIT_MAX_MS when no frame comes. A plain `setTimeout(0)` after a commit usually runs
 * before the frame: more work put there delays what the commit would have painted. Returns a cancel function.
 */
export function afterNextPaint(callback: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  const frame = requestAnimationFrame(() => {
    clearTimeout(fallback);
    timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(() => {
    cancelAnimationFrame(frame);
    run();
  }, PAINT_WAIT_MAX_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(timer);
  };
}
