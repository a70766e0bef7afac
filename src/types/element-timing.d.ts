import 'react';

declare module 'react' {
  // Merging into React's interface needs its type parameter, named as React names it, though unused here.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    /**
     * The Element Timing API's name for this element (PerformanceElementTiming.identifier): the browser reports
     * when its text first painted, whoever put it there (the app, or the launch markup before the app ran).
     */
    elementtiming?: string;
  }
}
