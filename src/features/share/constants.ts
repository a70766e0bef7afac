/**
 * The share dialog. Every
 * platform has a link template with {url}, {title}, {description},
 * {imageUrl} and {instance} placeholders, filled with encoded values.
 */

export const SHARE_POPUP_WIDTH = 600;
export const SHARE_POPUP_HEIGHT = 400;

export type SharePlatformId =
  | 'facebook'
  | 'x'
  | 'linkedin'
  | 'pinterest'
  | 'reddit'
  | 'whatsapp'
  | 'telegram'
  | 'email'
  | 'tumblr'
  | 'vk'
  | 'line'
  | 'viber'
  | 'pocket'
  | 'evernote'
  | 'flipboard'
  | 'tiktok'
  | 'discord'
  | 'mastodon'
  | 'bluesky'
  | 'threads';

export type SharePlatform = {
  id: SharePlatformId;
  name: string;
  /** null: nothing to open, the link is copied instead (TikTok manual, Discord copy link). */
  template: string | null;
  /** What the button does when there is no template. */
  note?: string;
  needsInstance?: boolean;
};

export const SHARE_PLATFORMS: readonly SharePlatform[] = [
  { id: 'facebook', name: 'Facebook', template: 'https://www.facebook.com/sharer/sharer.php?u={url}' },
  { id: 'x', name: 'X', template: 'https://x.com/intent/tweet?url={url}&text={title}' },
  { id: 'linkedin', name: 'LinkedIn', template: 'https://www.linkedin.com/sharing/share-offsite/?url={url}' },
  { id: 'pinterest', name: 'Pinterest', template: 'https://pinterest.com/pin/create/button/?url={url}&media={imageUrl}&description={description}' },
  { id: 'reddit', name: 'Reddit', template: 'https://www.reddit.com/submit?url={url}&title={title}' },
  { id: 'whatsapp', name: 'WhatsApp', template: 'https://api.whatsapp.com/send?text={title}%20{url}' },
  { id: 'telegram', name: 'Telegram', template: 'https://t.me/share/url?url={url}&text={title}' },
  { id: 'email', name: 'Email', template: 'mailto:?subject={title}&body={description}%0A%0A{url}' },
  { id: 'tumblr', name: 'Tumblr', template: 'https://www.tumblr.com/widgets/share/tool?canonicalUrl={url}&title={title}&caption={description}' },
  { id: 'vk', name: 'VK', template: 'https://vk.com/share.php?url={url}&title={title}&description={description}&image={imageUrl}' },
  { id: 'line', name: 'Line', template: 'https://social-plugins.line.me/lineit/share?url={url}&text={title}' },
  { id: 'viber', name: 'Viber', template: 'viber://forward?text={title}%20{url}' },
  { id: 'pocket', name: 'Pocket', template: 'https://getpocket.com/save?url={url}&title={title}' },
  { id: 'evernote', name: 'Evernote', template: 'https://www.evernote.com/clip.action?url={url}&title={title}' },
  { id: 'flipboard', name: 'Flipboard', template: 'https://share.flipboard.com/bookmarklet/popout?v=2&url={url}&title={title}' },
  { id: 'tiktok', name: 'TikTok (manual)', template: null, note: 'TikTok has no share link: the link is copied so you can paste it into your post.' },
  { id: 'discord', name: 'Discord (copy link)', template: null, note: 'The link is copied so you can paste it into any Discord channel.' },
  { id: 'mastodon', name: 'Mastodon', template: 'https://{instance}/share?text={title}%20{url}', needsInstance: true },
  { id: 'bluesky', name: 'Bluesky', template: 'https://bsky.app/intent/compose?text={title}%20{url}' },
  { id: 'threads', name: 'Threads', template: 'https://www.threads.net/intent/post?text={title}%20{url}' },
];

export const SHARE_TEXTS = {
  trigger: 'Share',
  dialogTitle: 'Share',
  dialogDescription: 'Share this with your crew, or copy the link.',
  copyLink: 'Copy Link',
  nativeShare: 'Share via device',
  mastodonLabel: 'Mastodon instance',
  mastodonPlaceholder: 'mastodon.social',
  linkCopiedTitle: 'Link Copied!',
  linkCopiedDescription: 'The link is on your clipboard.',
  copyFailedTitle: 'Failed to copy link',
  copyFailedDescription: 'Your browser blocked clipboard access. Copy the address from the address bar instead.',
  mastodonRequiredTitle: 'Mastodon Instance Required',
  mastodonRequiredDescription: 'Enter your Mastodon instance (for example mastodon.social) to share there.',
} as const;
