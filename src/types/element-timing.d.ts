import 'react';

declare module 'react' {
  interface HTMLAttributes<T> {
    /**
     * The Element Timing API's name for this element (PerformanceElementTiming.identifier): the browser reports
     * when its text first painted, whoever put it there (the app, or the launch markup before the app ran).
     */
    elementtiming?: string;
  }
}
