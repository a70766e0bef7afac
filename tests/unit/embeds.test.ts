import { describe, expect, it } from 'vitest';
import { PLAYER_FRAME_PREFIXES, recogniseEmbedFrame, recogniseEmbedLink } from '@/lib/embeds';

const SC_ID = 'dQw4w9WgXcQ';
const SPOTIFY_TRACK = '4uLU6hMCjMI75M1A2tKUQC';

describe('recogniseEmbedLink: provider pages', () => {
  it.each([
    ['https://soundcloud.com/some-artist/late-night-mix', 'soundcloud', 'https://soundcloud.com/some-artist/late-night-mix'],
    ['https://m.soundcloud.com/some-artist/sets/summer_2026', 'soundcloud', 'https://soundcloud.com/some-artist/sets/summer_2026'],
    ['https://www.mixcloud.com/dj_one/friday-session/', 'mixcloud', 'https://www.mixcloud.com/dj_one/friday-session/'],
    [`https://www.youtube.com/watch?v=${SC_ID}&t=42`, 'youtube', `https://www.youtube.com/watch?v=${SC_ID}`],
    [`https://youtu.be/${SC_ID}`, 'youtube', `https://www.youtube.com/watch?v=${SC_ID}`],
    [`https://m.youtube.com/shorts/${SC_ID}`, 'youtube', `https://www.youtube.com/watch?v=${SC_ID}`],
    [`https://open.spotify.com/track/${SPOTIFY_TRACK}?si=abc`, 'spotify', `https://open.spotify.com/track/${SPOTIFY_TRACK}`],
    [`https://open.spotify.com/intl-de/album/${SPOTIFY_TRACK}`, 'spotify', `https://open.spotify.com/album/${SPOTIFY_TRACK}`],
    ['https://artist-name.bandcamp.com/album/first-record', 'bandcamp', 'https://artist-name.bandcamp.com/album/first-record'],
    ['https://artist-name.bandcamp.com/', 'bandcamp', 'https://artist-name.bandcamp.com/'],
    ['https://soundcloud.com/nightshift', 'soundcloud', 'https://soundcloud.com/nightshift'],
  ])('%s is a %s player', (raw, provider, pageUrl) => {
    const embed = recogniseEmbedLink(raw);
    expect(embed?.provider).toBe(provider);
    expect(embed?.pageUrl).toBe(pageUrl);
  });

  it('builds each frame address under its provider allow-listed prefix', () => {
    for (const raw of [
      'https://soundcloud.com/a_b/c-d',
      'https://www.mixcloud.com/dj/show/',
      `https://youtu.be/${SC_ID}`,
      `https://open.spotify.com/playlist/${SPOTIFY_TRACK}`,
    ]) {
      const embed = recogniseEmbedLink(raw);
      expect(embed?.frameSrc).toBeTruthy();
      expect(PLAYER_FRAME_PREFIXES[embed!.provider].some((prefix) => embed!.frameSrc!.startsWith(prefix))).toBe(true);
    }
  });

  it('reads a title from the slugs of the address', () => {
    expect(recogniseEmbedLink('https://soundcloud.com/some-artist/late-night_mix')?.title).toBe('late night mix · some artist');
  });

  it('gives a Bandcamp page a card without a player: its address names no album number', () => {
    expect(recogniseEmbedLink('https://artist.bandcamp.com/track/song')?.frameSrc).toBeNull();
  });

  it.each([
    'javascript:alert(1)//https://soundcloud.com/a/b',
    'JaVaScRiPt:alert(document.domain)',
    'data:text/html,<script>alert(1)</script>',
    'https://soundcloud.com.evil.example/a/b',
    'https://evil-soundcloud.com/a/b',
    'https://soundcloud.com@evil.example/a/b',
    'https://user:pass@soundcloud.com/a/b',
    'https://evil.example/@soundcloud.com/a/b',
    'https://evil.example/?u=https://soundcloud.com/a/b',
    'https://soundcloud.com:8443/a/b',
    'https://www.youtube.com:444/watch?v=dQw4w9WgXcQ',
    'https://soundcloud.com/a/%2e%2e%2fevil',
    'https://soundcloud.com/a%2Fb/c',
    'https://soundcloud.com/%61/b%20c',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ%22onload%3D',
    'https://www.youtube.com/watch?v=short',
    'https://youtu.be.evil.example/dQw4w9WgXcQ',
    'https://open.spotify.com.evil.example/track/4uLU6hMCjMI75M1A2tKUQC',
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC/../../x',
    'https://open.spotify.com/user/4uLU6hMCjMI75M1A2tKUQC',
    'https://evil.example.bandcamp.com.evil.example/album/x',
    'https://a_b.bandcamp.com/album/x',
    'https://bandcamp.com/album/x',
    'ftp://soundcloud.com/a/b',
    '//soundcloud.com/a/b',
    'soundcloud.com/a/b',
    'https://soundcloud.com/discover',
    'https://soundcloud.com/ab',
    'https://soundcloud.com/',
    'https://daily.bandcamp.com/',
    'https://soundcloud.com/a/likes',
    '',
  ])('%s is no player', (raw) => {
    expect(recogniseEmbedLink(raw)).toBeNull();
  });
});

describe('recogniseEmbedFrame: embed codes', () => {
  it.each([
    ['https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/123456&color=%23ff5500&auto_play=true', 'soundcloud'],
    ['https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fa_b%2Fc-d', 'soundcloud'],
    ['https://player-widget.mixcloud.com/widget/iframe/?hide_cover=1&feed=%2Fdj%2Fshow%2F', 'mixcloud'],
    ['https://www.mixcloud.com/widget/iframe/?feed=https%3A%2F%2Fwww.mixcloud.com%2Fdj%2Fshow%2F', 'mixcloud'],
    ['https://bandcamp.com/EmbeddedPlayer/album=1234567890/size=large/bgcol=ffffff/', 'bandcamp'],
    [`https://www.youtube-nocookie.com/embed/${SC_ID}?start=10`, 'youtube'],
    [`https://open.spotify.com/embed/track/${SPOTIFY_TRACK}?utm_source=generator`, 'spotify'],
  ])('%s plays as %s, at an address rebuilt from the media it names', (raw, provider) => {
    const embed = recogniseEmbedFrame(raw);
    expect(embed?.provider).toBe(provider);
    expect(embed?.frameSrc).not.toContain('auto_play');
    expect(embed?.frameSrc).not.toContain('utm_source');
  });

  it.each([
    'https://example.com/embed',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://w.soundcloud.com.evil.example/player/?url=https%3A//api.soundcloud.com/tracks/1',
    'https://w.soundcloud.com@evil.example/player/?url=https%3A//api.soundcloud.com/tracks/1',
    'https://w.soundcloud.com:444/player/?url=https%3A//api.soundcloud.com/tracks/1',
    'https://w.soundcloud.com/player/?url=https%3A//evil.example/tracks/1',
    'https://w.soundcloud.com/player/?url=javascript:alert(1)',
    'https://w.soundcloud.com/evil/?url=https%3A//api.soundcloud.com/tracks/1',
    'https://w.soundcloud.com/player/../evil?url=https%3A//api.soundcloud.com/tracks/1',
    'https://player-widget.mixcloud.com/widget/iframe/?feed=https%3A%2F%2Fevil.example%2Fdj%2Fshow%2F',
    'https://bandcamp.com/EmbeddedPlayer/album=abc/',
    'https://bandcamp.com/EmbeddedPlayerEvil/album=1/',
    'https://open.spotify.com/embed/track/short',
    'https://open.spotify.com/embedx/track/4uLU6hMCjMI75M1A2tKUQC',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'about:blank',
    '',
  ])('%s is removed', (raw) => {
    expect(recogniseEmbedFrame(raw)).toBeNull();
  });
});
