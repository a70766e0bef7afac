import type { AuthSettings } from '../../config';

function globToRegExp(pattern: string): RegExp {
  // GoTrue matches additional redirect URLs as globs: `**` spans separators, `*` does not.
  const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const source = pattern
    .split('**')
    .map((part) => part.split('*').map(escape).join('[^/.]*'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Where a link or verification may send the browser: the requested URL when it is on
 * the site's host or matches an additional redirect URL (as GoTrue decides), else the site URL.
 */
export function resolveRedirect(settings: AuthSettings, requested: string | null | undefined): string {
  if (!requested) return settings.siteUrl;
  const target = parse(requested);
  if (!target || !/^https?:$/.test(target.protocol)) return settings.siteUrl;
  const site = parse(settings.siteUrl);
  if (site && site.hostname === target.hostname) return requested;
  for (const allowed of settings.additionalRedirectUrls) {
    if (requested === allowed || requested.startsWith(allowed.endsWith('/') ? allowed : `${allowed}/`)) return requested;
    if (allowed.includes('*') && globToRegExp(allowed).test(requested)) return requested;
  }
  return settings.siteUrl;
}
