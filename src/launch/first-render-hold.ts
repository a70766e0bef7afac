/**
 * Work the launch's first render waits for besides the screen's server reads: a renderer's first-use cost (marked's
 * rules, the sanitizers) paid ahead in small tasks, often while the reads are still travelling, instead of inside
 * the one task that renders the first screen. A route's loader holds the render with it; after the launch nothing
 * waits, and the work just runs.
 */
const held = new Set<Promise<unknown>>();

export function holdFirstRender(work: Promise<unknown>): void {
  held.add(work);
  const release = () => held.delete(work);
  work.then(release, release);
}

/** Settles when all the work held now has (done or failed). */
export async function firstRenderHolds(): Promise<void> {
  await Promise.allSettled(held);
}
