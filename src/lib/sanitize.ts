import DOMPurify, { type Config, type DOMPurify as DOMPurifyInstance } from 'dompurify';

/**
 * HTML that members write is cleaned here, on render, with the allow-lists of
 * spec B section 5. Each profile gets its own DOMPurify instance so the hooks
 * of one never leak into another.
 */

/** Tags and attributes a post (discussion content, replies) may keep. */
export const POST_ALLOWED_TAGS = [
  'b', 'i', 'u', 'a', 'ul', 'ol', 'li', 'p', 'br', 'strong', 'em', 'img', 'iframe', 'pre', 'code', 'div', 'span',
] as const;
export const POST_ALLOWED_ATTR = [
  'href', 'target', 'src', 'alt', 'width', 'height', 'frameborder', 'allowfullscreen', 'class', 'style',
] as const;

/** Tags an author signature may keep. */
export const SIGNATURE_ALLOWED_TAGS = ['b', 'i', 'u', 'a', 'p', 'br', 'strong', 'em', 'span', 'hr'] as const;
export const SIGNATURE_ALLOWED_ATTR = ['href', 'target'] as const;

/** Only web and mail links survive; javascript:, data: and friends are dropped. */
const SAFE_URI = /^(?:https?:|mailto:|\/(?!\/)|#)/i;
/** Embedded frames only from https origins (players of SoundCloud, YouTube, Mixcloud ...). */
const SAFE_FRAME_SRC = /^https:\/\//i;
/**
 * Inline styles are allowed by the spec, but some declarations let a post
 * escape its card (overlays for click-jacking) or fetch from elsewhere.
 */
const UNSAFE_STYLE = /(url\s*\(|expression\s*\(|javascript:|behavior\s*:|-moz-binding|@import|position\s*:\s*(fixed|absolute|sticky)|z-index)/i;

type Profile = 'post' | 'signature' | 'markdown';

const instances = new Map<Profile, DOMPurifyInstance>();

function hardenLinksAndMedia(purify: DOMPurifyInstance): void {
  purify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (typeof el.getAttribute !== 'function') return;
    const tag = el.tagName.toLowerCase();
    if (tag === 'a') {
      const href = el.getAttribute('href');
      if (href !== null && !SAFE_URI.test(href.trim())) el.removeAttribute('href');
      // A link leaving the page never gets a handle on it.
      if (el.getAttribute('target') === '_blank' || isExternal(el.getAttribute('href'))) {
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if (tag === 'img') {
      const src = el.getAttribute('src');
      if (src !== null && !/^(?:https?:|\/(?!\/))/i.test(src.trim())) el.removeAttribute('src');
      // An image a member did not describe is decoration to a screen reader, not an unlabelled graphic.
      if (!el.hasAttribute('alt')) el.setAttribute('alt', '');
    }
    if (tag === 'iframe') {
      const src = el.getAttribute('src');
      if (src === null || !SAFE_FRAME_SRC.test(src.trim())) {
        el.remove();
        return;
      }
      // Frames run sandboxed: scripts of the player, never top navigation or our origin.
      el.setAttribute('sandbox', 'allow-scripts allow-popups allow-presentation');
      el.setAttribute('referrerpolicy', 'no-referrer');
    }
    const style = el.getAttribute('style');
    if (style !== null) {
      const kept = style
        .split(';')
        .filter((decl) => decl.trim() !== '' && !UNSAFE_STYLE.test(decl))
        .join(';');
      if (kept.trim() === '') el.removeAttribute('style');
      else el.setAttribute('style', kept);
    }
  });
}

function isExternal(href: string | null): boolean {
  return href !== null && /^https?:\/\//i.test(href.trim());
}

function instance(profile: Profile): DOMPurifyInstance | null {
  const existing = instances.get(profile);
  if (existing) return existing;
  if (typeof window === 'undefined') return null;
  const purify = DOMPurify(window);
  hardenLinksAndMedia(purify);
  instances.set(profile, purify);
  return purify;
}

const CONFIGS: Record<Profile, Config> = {
  post: {
    ALLOWED_TAGS: [...POST_ALLOWED_TAGS],
    // rel, sandbox and referrerpolicy are added by the hook after filtering, never taken from the author.
    ALLOWED_ATTR: [...POST_ALLOWED_ATTR],
    ALLOW_DATA_ATTR: false,
  },
  signature: {
    ALLOWED_TAGS: [...SIGNATURE_ALLOWED_TAGS],
    ALLOWED_ATTR: [...SIGNATURE_ALLOWED_ATTR],
    ALLOW_DATA_ATTR: false,
  },
  // Markdown output (blog): DOMPurify's HTML profile minus anything active.
  markdown: {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    ALLOW_DATA_ATTR: false,
  },
};

function sanitizeWith(profile: Profile, dirty: string): string {
  const purify = instance(profile);
  // Without a DOM (server code) nothing may be rendered as HTML: escape it all.
  if (!purify) return escapeHtml(dirty);
  return purify.sanitize(dirty, { ...CONFIGS[profile], RETURN_TRUSTED_TYPE: false }) as string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Post HTML (spec B section 5 allow-list). */
export function sanitizePostHtml(dirty: string): string {
  return sanitizeWith('post', dirty);
}

/** Author signature HTML (spec B section 5 allow-list). */
export function sanitizeSignatureHtml(dirty: string): string {
  return sanitizeWith('signature', dirty);
}

/** HTML produced from markdown; used by lib/markdown. */
export function sanitizeMarkdownHtml(dirty: string): string {
  return sanitizeWith('markdown', dirty);
}
