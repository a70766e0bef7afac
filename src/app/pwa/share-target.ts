/**
 * The Web Share Target: the phone's share sheet POSTs a link, text or file to SHARE_TARGET_PATH; the service worker
 * keeps it on the device and sends the member to SHARED_PATH, which opens the right form prefilled with it.
 * The manifest's share_target (manifest.webmanifest) names the same path and field names; a test checks they agree.
 */
export const SHARE_TARGET_PATH = '/share-target';
export const SHARED_PATH = '/shared';
export const SHARE_FIELDS = { title: 'title', text: 'text', url: 'url', file: 'file' } as const;

export const SHARE_TEXT = {
  opening: 'Opening what you shared…',
  missing: 'What was shared is no longer on this device.',
} as const;

/** Audio and pictures go to the content upload; anything else (a link, text) starts a discussion. */
export function sharedFileGoesToUpload(type: string | undefined): boolean {
  return Boolean(type && (type.startsWith('audio/') || type.startsWith('image/')));
}
