import { useDeferredValue } from 'react';

/**
 * False in a component's first render, true from the render React does right after it as a transition.
 *
 * A route's first render is often synchronous whatever the app asks (the router mounts it from a store
 * subscription, which React renders without yielding), so everything in it is one task. What the first
 * screen does not need at once (a share preview's text) waits for the second pass,
 * which React builds in slices of a few milliseconds with the browser let in between. Only the first
 * render is held back: once true it stays true, so later updates (a new reply) render in their own frame.
 */
export function useFirstPassDone(): boolean {
  return useDeferredValue(true, false);
}
