import DOMPurify, { type Config, type DOMPurify as DOMPurifyInstance } from 'dompurify';
import { PLAYER_FRAME_ALLOW, PLAYER_FRAME_SANDBOX, recogniseEmbedFrame } from './embeds';

/**
 * HTML that members write is cleaned here, on render, with the product's
 * allow-lists of tags and attributes. Each profile gets its own DOMPurify
 * instance so the hooks of one never leak into another.
 *
 * Posts may carry `class` and `style`, but the app's own stylesheet is full of
 * layout utilities (`fixed inset-0 z-50`) and CSS can move anything anywhere,
 * so both are narrowed to what cannot leave the post's box: classes from a
 * fixed list (emphasis, theme text colours, what the post markdown renders,
 * code highlighting names) and style declarations, parsed by the browser's
 * own CSS parser, whose property is text colour or emphasis. The CSS class
 * `member-html` on the element that renders the result clips and contains
 * whatever might still get through.
 */

/** Tags and attributes a post (discussion content, replies) may keep. */
export const POST_ALLOWED_TAGS = ['b', 'i', 'u', 'a', 'ul', 'ol', 'li', 'p', 'br', 'strong', 'em', 'img', 'iframe', 'pre', 'code', 'div', 'span'] as const;
export const POST_ALLOWED_ATTR = ['href', 'target', 'src', 'alt', 'width', 'height', 'frameborder', 'allowfullscreen', 'class', 'style'] as const;

/** Tags an author signature may keep. */
export const SIGNATURE_ALLOWED_TAGS = ['b', 'i', 'u', 'a', 'p', 'br', 'strong', 'em', 'span', 'hr'] as const;
export const SIGNATURE_ALLOWED_ATTR = ['href', 'target'] as const;

/**
 * Classes the post markdown renderer puts on the allowed tags it uses for
 * quotes, headings, strikethrough and rules (the allow-list has no blockquote,
 * heading, del or hr). The sanitizer lets exactly these through.
 */
export const POST_MARKUP_CLASSES = {
  quote: 'my-2 border-l-4 border-primary/60 bg-muted/40 py-1 pl-3 text-muted-foreground',
  heading: 'font-semibold',
  strike: 'line-through',
  rule: 'my-3 border-t border-border',
} as const;

/** Class tokens a post may carry: none of them positions, sizes or layers anything. */
const SAFE_CLASSES: ReadonlySet<string> = new Set([
  ...Object.values(POST_MARKUP_CLASSES).flatMap((c) => c.split(' ')),
  'font-medium',
  'font-bold',
  'italic',
  'underline',
  'line-through',
  'uppercase',
  'lowercase',
  'capitalize',
  'text-primary',
  'text-muted-foreground',
  'text-destructive',
  'text-success',
  'text-foreground',
]);
/** Names code highlighters give tokens (highlight.js, Prism); the app styles none of them. */
const CODE_CLASS = /^(?:(?:language|lang)-[a-z0-9+#_-]{1,30}|hljs(?:-[a-z0-9_-]{1,30})?|token)$/i;

/**
 * Style properties a post may set (longhands, as the CSS parser lists them):
 * colour and emphasis only. Size, position, margins, transforms, display,
 * z-order and font size are all left out.
 */
const SAFE_STYLE_PROPERTIES: ReadonlySet<string> = new Set([
  'color',
  'background-color',
  'font-weight',
  'font-style',
  'text-decoration-line',
  'text-decoration-style',
  'text-decoration-color',
  'text-align',
]);
/** A value may use colour functions only: no url(), var(), env(), attr() or image functions. */
const STYLE_FUNCTION = /([a-z-]+)\s*\(/gi;
const SAFE_STYLE_FUNCTIONS: ReadonlySet<string> = new Set(['rgb', 'rgba', 'hsl', 'hsla']);

/** Frame and image sizes: plain pixel numbers of a sane size (CSS still caps them to the post's width). */
const SIZE_ATTRIBUTE = /^\d{1,4}$/;
const MAX_SIZE_ATTRIBUTE = 2000;

/** Only web and mail links survive; javascript:, data: and friends are dropped. */
const SAFE_URI = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

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
      // Only the players the product supports, at the address rebuilt from the media they name; any other frame goes.
      const embed = recogniseEmbedFrame(el.getAttribute('src') ?? '');
      if (!embed?.frameSrc) {
        el.remove();
        return;
      }
      el.setAttribute('src', embed.frameSrc);
      el.setAttribute('sandbox', PLAYER_FRAME_SANDBOX);
      el.setAttribute('allow', PLAYER_FRAME_ALLOW);
      // The player learns which site it is on (YouTube refuses to play without it), never which page.
      el.setAttribute('referrerpolicy', 'strict-origin');
      el.setAttribute('loading', 'lazy');
    }
    for (const size of ['width', 'height']) {
      const value = el.getAttribute(size);
      if (value !== null && !(SIZE_ATTRIBUTE.test(value.trim()) && Number(value) <= MAX_SIZE_ATTRIBUTE)) el.removeAttribute(size);
    }
    const classes = el.getAttribute('class');
    if (classes !== null) {
      const kept = classes.split(/\s+/).filter((c) => SAFE_CLASSES.has(c) || CODE_CLASS.test(c));
      if (kept.length === 0) el.removeAttribute('class');
      else el.setAttribute('class', kept.join(' '));
    }
    const style = el.getAttribute('style');
    if (style !== null) {
      const kept = safeStyle(style, el.ownerDocument);
      if (kept === '') el.removeAttribute('style');
      else el.setAttribute('style', kept);
    }
  });
}

/**
 * The declarations of a style attribute that only colour or emphasise text.
 * The browser's own parser reads it (on a detached element, so nothing is
 * applied or loaded), which resolves comments, escapes and shorthands exactly
 * as rendering would: `posit\69 on:fixed` is `position` here too.
 */
function safeStyle(style: string, doc: Document): string {
  const probe = doc.createElement('span');
  probe.style.cssText = style;
  const kept: string[] = [];
  for (let i = 0; i < probe.style.length; i++) {
    const property = probe.style.item(i);
    if (!SAFE_STYLE_PROPERTIES.has(property)) continue;
    const value = probe.style.getPropertyValue(property).trim();
    if (value === '' || !usesOnlyColourFunctions(value)) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

function usesOnlyColourFunctions(value: string): boolean {
  for (const match of value.matchAll(STYLE_FUNCTION)) {
    if (!SAFE_STYLE_FUNCTIONS.has(match[1].toLowerCase())) return false;
  }
  // Escapes and comments were resolved by the parser; any left in a value are suspect.
  return !/[\\/]/.test(value);
}

function isExternal(href: string | null): boolean {
  return href !== null && /^https?:\/\//i.test(href.trim());
}

const CONFIGS: Record<Profile, Config> = {
  post: {
    ALLOWED_TAGS: [...POST_ALLOWED_TAGS],
    // rel, sandbox, allow and referrerpolicy are added by the hook after filtering, never taken from the author.
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

function instance(profile: Profile): DOMPurifyInstance | null {
  const existing = instances.get(profile);
  if (existing) return existing;
  if (typeof window === 'undefined') return null;
  const purify = DOMPurify(window);
  hardenLinksAndMedia(purify);
  // The profile is set once per instance: a config passed to each sanitize() call is parsed again every time
  // (DOMPurify rebuilds its tag and attribute sets from it), which cost more than the cleaning itself on a
  // thread of short posts.
  purify.setConfig({ ...CONFIGS[profile], RETURN_TRUSTED_TYPE: false });
  instances.set(profile, purify);
  return purify;
}

function sanitizeWith(profile: Profile, dirty: string): string {
  const purify = instance(profile);
  // Without a DOM (server code) nothing may be rendered as HTML: escape it all.
  if (!purify) return escapeHtml(dirty);
  return purify.sanitize(dirty) as string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * Builds a profile's sanitizer and runs it once over a small sample, so the first real text does not pay for
 * setting it up (DOMPurify's tables, and compiling its code) in the same task as its own rendering.
 */
export function warmUpSanitizer(profile: 'post' | 'markdown'): void {
  sanitizeWith(profile, '<p><a href="/a">a</a> <strong>b</strong></p>');
}

/** Post HTML (discussion posts and replies). */
export function sanitizePostHtml(dirty: string): string {
  return sanitizeWith('post', dirty);
}

/** Author signature HTML: a smaller list, with no class or style at all. */
export function sanitizeSignatureHtml(dirty: string): string {
  return sanitizeWith('signature', dirty);
}

/** HTML produced from markdown; used by lib/markdown. */
export function sanitizeMarkdownHtml(dirty: string): string {
  return sanitizeWith('markdown', dirty);
}
