/// <reference lib="webworker" />
import { LAUNCH_MARKUP_BUILD_HEADER, LAUNCH_MARKUP_CACHE, launchMarkupKey, shellWithLaunchMarkup } from '../src/lib/launch-markup';

/**
 * The shell served for `url`, with the markup the page kept for that path inside (src/lib/launch-markup.ts):
 * only for a screen's default view (no query) and only when the markup was painted by this build. Anything
 * else, or a cache that cannot be read, serves the shell as it is.
 */
export async function withLaunchMarkup(shell: Response, url: URL): Promise<Response> {
  if (url.search !== '' || !shell.ok) return shell;
  try {
    const kept = await (await caches.open(LAUNCH_MARKUP_CACHE)).match(launchMarkupKey(url.pathname));
    if (!kept) return shell;
    const [html, markup] = await Promise.all([shell.clone().text(), kept.text()]);
    const served = shellWithLaunchMarkup(html, markup, kept.headers.get(LAUNCH_MARKUP_BUILD_HEADER));
    if (served === null) return shell;
    const headers = new Headers(shell.headers);
    // The body is new text: longer, and not the compressed bytes the server once sent.
    for (const name of ['content-length', 'content-encoding', 'etag']) headers.delete(name);
    return new Response(served, { status: shell.status, statusText: shell.statusText, headers });
  } catch {
    return shell;
  }
}
