import { SHARE_PLATFORMS, SHARE_POPUP_HEIGHT, SHARE_POPUP_WIDTH, type SharePlatform, type SharePlatformId } from '../constants';

export type ShareData = { url: string; title: string; description?: string; imageUrl?: string | null };

/** What the member typed for Mastodon, without a leading http(s):// or trailing slashes. */
export function normalizeInstance(typed: string): string {
  return typed
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '');
}

export function platformById(id: SharePlatformId): SharePlatform {
  const found = SHARE_PLATFORMS.find((p) => p.id === id);
  if (!found) throw new Error(`Unknown share platform ${id}`);
  return found;
}

/** The platform's link with every placeholder filled with its encoded value; null when the platform has no link. */
export function buildShareLink(platform: SharePlatform, data: ShareData, instance = ''): string | null {
  if (!platform.template) return null;
  const values: Record<string, string> = {
    url: encodeURIComponent(data.url),
    title: encodeURIComponent(data.title),
    description: encodeURIComponent(data.description ?? ''),
    imageUrl: encodeURIComponent(data.imageUrl ?? ''),
    // The instance is a host name: it goes into the URL as typed, minus the scheme.
    instance: normalizeInstance(instance),
  };
  return platform.template.replace(/\{(url|title|description|imageUrl|instance)\}/g, (_, key: string) => values[key]);
}

/** window.open features for the 600 x 400 pop-up, centred over the current window. */
export function popupFeatures(win: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>): string {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - SHARE_POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - SHARE_POPUP_HEIGHT) / 2));
  return `width=${SHARE_POPUP_WIDTH},height=${SHARE_POPUP_HEIGHT},left=${left},top=${top},noopener,noreferrer`;
}
