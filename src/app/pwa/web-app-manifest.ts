/** Where the build serves the web app manifest (manifest.webmanifest at the repository's top level). */
export const WEB_APP_MANIFEST_PATH = 'manifest.webmanifest';

/**
 * Links the web app manifest, once. It is not in index.html: a browser fetches a linked manifest and then its
 * icons as soon as it parses the page, and on a phone's first visit those requests shared the link with
 * the first screen's script and pictures. Installing needs the manifest and the service worker, and the
 * worker waits for the first screen too.
 */
export function linkWebAppManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = `${import.meta.env.BASE_URL}${WEB_APP_MANIFEST_PATH}`;
  document.head.appendChild(link);
}
