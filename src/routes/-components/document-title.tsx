import { useMatches } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { pageTitle } from '@/lib/document-title';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen's name in the browser tab; screens with data-dependent titles refine it with useDocumentTitle. */
    title?: string;
  }
}

/** Sets the tab title from the deepest matched route's staticData.title. */
export function RouteDocumentTitle() {
  const title = useMatches({
    select: (matches) => [...matches].reverse().find((m) => m.staticData.title !== undefined)?.staticData.title,
  });
  // A layout effect runs before the screens' own effects, so useDocumentTitle in a screen has the last word.
  useLayoutEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return null;
}
