import { useEffect } from 'react';
import { APP_NAME, APP_TITLE } from './shell-constants';

/** 'About | DJCircle'; the home page (no name) gets the full product title. */
export function pageTitle(name?: string): string {
  return name ? `${name} | ${APP_NAME}` : APP_TITLE;
}

/** For screens whose title depends on data (a profile's name, a thread's title). */
export function useDocumentTitle(name: string | undefined): void {
  useEffect(() => {
    if (name) document.title = pageTitle(name);
  }, [name]);
}
