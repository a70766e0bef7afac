/**
 * Players of other services that posts and profiles may carry: which links and
 * embed codes belong to them, and the one frame address each plays in.
 *
 * Everything here is strict on purpose. A URL is read with the browser's own
 * parser, then its scheme, host, port and user part are compared exactly (a
 * look-alike host, a `user@` prefix or a port is not the provider), and the
 * parts that name the media must match a narrow pattern before they are used.
 * The frame address is always rebuilt from those parts, never copied from what
 * a member typed, so nothing else can ride along in it.
 */

export type EmbedProvider = 'soundcloud' | 'mixcloud' | 'bandcamp' | 'youtube' | 'spotify';

export type Embed = {
  provider: EmbedProvider;
  /** The provider's page for the media: what the card links to. */
  pageUrl: string;
  /** The player's address, or null when the link does not say which media to play (a Bandcamp page). */
  frameSrc: string | null;
  /** Height of the player in CSS pixels at a phone's width; null: a 16:9 video frame. */
  frameHeight: number | null;
  /** A readable title taken from the address (slugs), when it carries one. */
  title: string | null;
};

export const EMBED_PROVIDER_NAMES: Record<EmbedProvider, string> = {
  soundcloud: 'SoundCloud',
  mixcloud: 'Mixcloud',
  bandcamp: 'Bandcamp',
  youtube: 'YouTube',
  spotify: 'Spotify',
};

/**
 * The frames a post may hold: exact origin and path prefix of each player.
 * The sanitizer removes any other frame.
 */
export const PLAYER_FRAME_PREFIXES: Record<EmbedProvider, readonly string[]> = {
  soundcloud: ['https://w.soundcloud.com/player/'],
  mixcloud: ['https://player-widget.mixcloud.com/widget/iframe/', 'https://www.mixcloud.com/widget/iframe/'],
  bandcamp: ['https://bandcamp.com/EmbeddedPlayer/'],
  youtube: ['https://www.youtube-nocookie.com/embed/'],
  spotify: ['https://open.spotify.com/embed/'],
};

/**
 * What a player frame may do. Scripts: each player is a script. Same origin:
 * the frame keeps the provider's own origin (never ours, it is another site)
 * so its player can use its own storage; YouTube and Spotify refuse to play in
 * an opaque origin. No popups, no top navigation, no forms: a player never
 * needs to move the app's page or open windows for it.
 */
export const PLAYER_FRAME_SANDBOX = 'allow-scripts allow-same-origin';
/** Features a player may use once the member asked for it: start playing, DRM-protected streams (Spotify), fullscreen video. */
export const PLAYER_FRAME_ALLOW = 'autoplay; encrypted-media; fullscreen';

const SLUG = /^[A-Za-z0-9_-]{1,100}$/;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;
const SPOTIFY_TYPES = new Set(['track', 'album', 'playlist', 'episode', 'show', 'artist']);
const DIGITS = /^\d{1,20}$/;
const BANDCAMP_ARTIST = /^[a-z0-9-]{1,63}$/;

const SOUNDCLOUD_HOSTS = new Set(['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com']);
const MIXCLOUD_HOSTS = new Set(['mixcloud.com', 'www.mixcloud.com', 'm.mixcloud.com']);
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
/** SoundCloud addresses of one segment that are the site's own pages, not a member's. */
const SOUNDCLOUD_SITE_PAGES = new Set([
  'discover',
  'search',
  'stream',
  'you',
  'upload',
  'charts',
  'pages',
  'terms-of-use',
  'settings',
  'messages',
  'notifications',
  'mobile',
  'jobs',
  'pro',
  'imprint',
  'signin',
  'logout',
  'people',
  'tags',
  'playlists',
  'feed',
  'artists',
]);
/** SoundCloud paths under a user that are not a track or a set. */
const SOUNDCLOUD_RESERVED = new Set(['likes', 'followers', 'following', 'reposts', 'tracks', 'albums', 'popular-tracks', 'comments', 'discover', 'search']);

/** The URL when it is a plain address of the web: http(s), no user part, no port. */
function parseWebUrl(raw: string, httpsOnly: boolean): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && (httpsOnly || url.protocol !== 'http:')) return null;
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  return url;
}

/** Path segments, each required to be a plain slug (no percent-escapes, dots or other tricks). */
function segments(url: URL): string[] | null {
  const parts = url.pathname.split('/').filter((s) => s !== '');
  return parts.every((s) => SLUG.test(s)) ? parts : null;
}

function titleFromSlugs(...slugs: string[]): string {
  return slugs.map((s) => s.replace(/[-_]+/g, ' ').trim()).join(' · ');
}

function soundcloud(user: string, rest: string[]): Embed | null {
  // A member's page plays their tracks.
  if (rest.length === 0) return user.length >= 3 && !SOUNDCLOUD_SITE_PAGES.has(user) ? soundcloudEmbed(user, titleFromSlugs(user)) : null;
  if (rest.length === 1 && !SOUNDCLOUD_RESERVED.has(rest[0])) return soundcloudEmbed(`${user}/${rest[0]}`, titleFromSlugs(rest[0], user));
  if (rest.length === 2 && rest[0] === 'sets') return soundcloudEmbed(`${user}/sets/${rest[1]}`, titleFromSlugs(rest[1], user));
  return null;
}

function soundcloudEmbed(path: string, title: string | null): Embed {
  const pageUrl = `https://soundcloud.com/${path}`;
  return {
    provider: 'soundcloud',
    pageUrl,
    frameSrc: `https://w.soundcloud.com/player/?url=${encodeURIComponent(pageUrl)}&visual=false&show_comments=false`,
    frameHeight: 166,
    title,
  };
}

function soundcloudTrackId(id: string): Embed {
  return {
    provider: 'soundcloud',
    pageUrl: `https://api.soundcloud.com/tracks/${id}`,
    frameSrc: `https://w.soundcloud.com/player/?url=${encodeURIComponent(`https://api.soundcloud.com/tracks/${id}`)}&visual=false&show_comments=false`,
    frameHeight: 166,
    title: null,
  };
}

function mixcloud(user: string, show: string): Embed {
  const feed = `/${user}/${show}/`;
  return {
    provider: 'mixcloud',
    pageUrl: `https://www.mixcloud.com${feed}`,
    frameSrc: `https://player-widget.mixcloud.com/widget/iframe/?hide_cover=1&mini=1&feed=${encodeURIComponent(feed)}`,
    frameHeight: 60,
    title: titleFromSlugs(show, user),
  };
}

function youtube(id: string): Embed {
  return {
    provider: 'youtube',
    pageUrl: `https://www.youtube.com/watch?v=${id}`,
    frameSrc: `https://www.youtube-nocookie.com/embed/${id}`,
    frameHeight: null,
    title: null,
  };
}

function spotify(type: string, id: string): Embed {
  return {
    provider: 'spotify',
    pageUrl: `https://open.spotify.com/${type}/${id}`,
    frameSrc: `https://open.spotify.com/embed/${type}/${id}`,
    frameHeight: type === 'track' || type === 'episode' ? 152 : 352,
    title: null,
  };
}

function bandcampPlayer(kind: string, id: string): Embed {
  return {
    provider: 'bandcamp',
    pageUrl: `https://bandcamp.com/EmbeddedPlayer/${kind}=${id}`,
    frameSrc: `https://bandcamp.com/EmbeddedPlayer/${kind}=${id}/size=large/bgcol=ffffff/linkcol=0687f5/tracklist=false/artwork=small/transparent=true/`,
    frameHeight: 120,
    title: null,
  };
}

/**
 * The player a link to a provider's page stands for (what a member pastes from
 * the address bar or a share button), or null for any other link.
 */
export function recogniseEmbedLink(raw: string): Embed | null {
  const url = parseWebUrl(raw, false);
  if (!url) return null;
  const host = url.hostname;
  const parts = segments(url);
  if (SOUNDCLOUD_HOSTS.has(host)) return parts && parts.length >= 1 ? soundcloud(parts[0], parts.slice(1)) : null;
  if (MIXCLOUD_HOSTS.has(host)) return parts && parts.length === 2 ? mixcloud(parts[0], parts[1]) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts?.length === 1 && parts[0] === 'watch') {
      const v = url.searchParams.get('v');
      return v !== null && YOUTUBE_ID.test(v) ? youtube(v) : null;
    }
    if (parts?.length === 2 && (parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live') && YOUTUBE_ID.test(parts[1])) return youtube(parts[1]);
    return null;
  }
  if (host === 'youtu.be') return parts?.length === 1 && YOUTUBE_ID.test(parts[0]) ? youtube(parts[0]) : null;
  if (host === 'open.spotify.com') {
    const p = parts && /^intl-[a-z]{2}(?:-[A-Za-z]{2})?$/.test(parts[0] ?? '') ? parts.slice(1) : parts;
    return p?.length === 2 && SPOTIFY_TYPES.has(p[0]) && SPOTIFY_ID.test(p[1]) ? spotify(p[0], p[1]) : null;
  }
  if (host.endsWith('.bandcamp.com')) {
    const artist = host.slice(0, -'.bandcamp.com'.length);
    if (!BANDCAMP_ARTIST.test(artist) || artist === 'www' || artist === 'daily') return null;
    if (parts?.length === 0)
      return { provider: 'bandcamp', pageUrl: `https://${artist}.bandcamp.com/`, frameSrc: null, frameHeight: null, title: titleFromSlugs(artist) };
    if (parts?.length !== 2 || (parts[0] !== 'track' && parts[0] !== 'album')) return null;
    // The player needs the album's or track's number, which a page address does not carry: the card links to the page.
    return {
      provider: 'bandcamp',
      pageUrl: `https://${artist}.bandcamp.com/${parts[0]}/${parts[1]}`,
      frameSrc: null,
      frameHeight: null,
      title: titleFromSlugs(parts[1], artist),
    };
  }
  return null;
}

/**
 * The player an embed code's frame address stands for, rebuilt from its parts,
 * or null when it is not one of the supported players (then the frame goes).
 */
export function recogniseEmbedFrame(raw: string): Embed | null {
  const url = parseWebUrl(raw, true);
  if (!url) return null;
  const address = `${url.origin}${url.pathname}`;
  const provider = (Object.keys(PLAYER_FRAME_PREFIXES) as EmbedProvider[]).find((p) => PLAYER_FRAME_PREFIXES[p].some((prefix) => address.startsWith(prefix)));
  if (!provider) return null;
  switch (provider) {
    case 'soundcloud': {
      const target = url.searchParams.get('url');
      if (target === null) return null;
      const api = /^https:\/\/api\.soundcloud\.com\/tracks\/(\d{1,20})$/.exec(target);
      if (api) return soundcloudTrackId(api[1]);
      const page = recogniseEmbedLink(target);
      return page?.provider === 'soundcloud' ? page : null;
    }
    case 'mixcloud': {
      const feed = url.searchParams.get('feed');
      if (feed === null) return null;
      const page = recogniseEmbedLink(feed.startsWith('/') ? `https://www.mixcloud.com${feed}` : feed);
      return page?.provider === 'mixcloud' ? page : null;
    }
    case 'bandcamp': {
      const match = /^\/EmbeddedPlayer\/(?:v=2\/)?(album|track)=(\d{1,20})(?:\/|$)/.exec(url.pathname);
      return match && DIGITS.test(match[2]) ? bandcampPlayer(match[1], match[2]) : null;
    }
    case 'youtube': {
      const parts = segments(url);
      return parts?.length === 2 && YOUTUBE_ID.test(parts[1]) ? youtube(parts[1]) : null;
    }
    case 'spotify': {
      const parts = segments(url);
      return parts?.length === 3 && SPOTIFY_TYPES.has(parts[1]) && SPOTIFY_ID.test(parts[2]) ? spotify(parts[1], parts[2]) : null;
    }
  }
}

/** What the player cards say; the tests read them from here. */
export const EMBED_TEXT = {
  play: (title: string, provider: string) => `Play ${title} (loads the ${provider} player)`,
  playShort: 'Play',
  open: (provider: string) => `Open on ${provider}`,
  needsConnection: 'The player needs a connection. The link still works once you are online.',
  noPlayer: (provider: string) => `Plays on ${provider}`,
  frameTitle: (provider: string, title: string) => `${provider} player: ${title}`,
} as const;
