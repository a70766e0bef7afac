/**
 * Performance marks of where a launch's store work went: the store opening, RxDB's chunk loaded, the
 * database open, replication started. The app bench lines the main thread's long tasks up with them.
 */
export function markOnce(name: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function' && performance.getEntriesByName(name).length === 0) performance.mark(name);
}
