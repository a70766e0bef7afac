// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderPostContent } from '@/lib/markdown';
import { PLAYER_FRAME_ALLOW, PLAYER_FRAME_SANDBOX } from '@/lib/embeds';
import { POST_MARKUP_CLASSES, sanitizePostHtml, sanitizeSignatureHtml } from '@/lib/sanitize';

function parse(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

/** Every class token and style property left on any element of the sanitized HTML. */
function carried(html: string): { classes: string[]; styles: string[] } {
  const classes: string[] = [];
  const styles: string[] = [];
  for (const el of Array.from(parse(html).querySelectorAll('*'))) {
    classes.push(...Array.from(el.classList));
    const style = (el as HTMLElement).style;
    for (let i = 0; i < style.length; i++) styles.push(style[i]);
  }
  return { classes, styles };
}

const LAYOUT_CLASSES = [
  'fixed',
  'absolute',
  'sticky',
  'relative',
  'inset-0',
  'z-50',
  'w-screen',
  'h-screen',
  'top-0',
  'left-0',
  'block',
  'hidden',
  '-m-96',
  'float-left',
  'scale-150',
  'translate-x-full',
];

const ESCAPES = [
  '<div class="fixed inset-0 z-50 bg-background">Sign in again</div>',
  '<a href="https://evil.example" class="fixed inset-0 z-50">tap</a>',
  '<div style="position:fixed;inset:0;z-index:9999">over</div>',
  '<div style="position:/**/fixed;top:0;left:0">comment</div>',
  '<div style="posit\\69 on:fixed;top:0">escape</div>',
  '<div style="position:sticky;top:0">sticky</div>',
  '<div style="width:200vw;height:150vh">wide</div>',
  '<div style="transform:translate(-50vw,-50vh) scale(5)">moved</div>',
  '<div style="margin:-9999px">pulled</div>',
  '<div style="float:left;width:3000px">floated</div>',
  '<span style="font-size:500px">huge</span>',
  '<div style="clip-path:none;inset:0">clip</div>',
  '<a href="https://evil.example" style="display:block;position:absolute;width:100%;height:100%">all</a>',
  '<div style="min-width:5000px;padding-left:5000px">pad</div>',
  '<span style="color:red;position:fixed">mixed</span>',
  '<span style="background:url(https://evil.example/t.png)">bg</span>',
];

describe('member HTML cannot leave its box', () => {
  it.each(ESCAPES)('keeps no layout class or property from %s', (payload) => {
    const { classes, styles } = carried(sanitizePostHtml(payload));
    for (const c of classes) expect(LAYOUT_CLASSES).not.toContain(c);
    for (const s of styles) expect(s).toMatch(/^(color|background-color|font-weight|font-style|text-decoration-(line|style|color)|text-align)$/);
  });

  it('keeps the text of an escape attempt', () => {
    expect(parse(sanitizePostHtml(ESCAPES[0])).textContent).toBe('Sign in again');
  });

  it('keeps text colour and emphasis from a style, dropping the rest of it', () => {
    const el = parse(sanitizePostHtml('<span style="color: red; position: fixed; font-weight: bold; font-style: italic; top: 0">x</span>')).querySelector(
      'span',
    ) as HTMLElement;
    expect(el.style.color).toBe('red');
    expect(el.style.fontWeight).toBe('bold');
    expect(el.style.fontStyle).toBe('italic');
    expect(el.style.position).toBe('');
    expect(el.style.top).toBe('');
  });

  it('drops a style attribute that keeps nothing', () => {
    const el = parse(sanitizePostHtml('<div style="position:fixed">x</div>')).querySelector('div') as HTMLElement;
    expect(el.hasAttribute('style')).toBe(false);
  });

  it('drops colours that load from elsewhere', () => {
    expect(sanitizePostHtml('<span style="background-color: var(--x); color: red">x</span>')).not.toContain('var(');
  });

  it('keeps code highlighting, colour and emphasis classes, drops layout ones', () => {
    const html = sanitizePostHtml('<pre><code class="language-ts hljs fixed">x</code></pre><span class="text-primary font-semibold z-50 inset-0">y</span>');
    expect(Array.from(parse(html).querySelector('code')?.classList ?? [])).toEqual(['language-ts', 'hljs']);
    expect(Array.from(parse(html).querySelector('span')?.classList ?? [])).toEqual(['text-primary', 'font-semibold']);
  });

  it('keeps what the post markdown renders for quotes, headings, strikethrough and rules', () => {
    const html = renderPostContent('> quoted\n\n# Head\n\n~~old~~\n\n---\n\nend');
    const { classes } = carried(html);
    const expected = new Set(Object.values(POST_MARKUP_CLASSES).flatMap((c) => c.split(' ')));
    expect(new Set(classes)).toEqual(expected);
  });

  it('caps image and frame sizes to plain numbers of a sane size', () => {
    const root = parse(
      sanitizePostHtml(
        '<img src="https://example.com/a.png" width="99999" height="100vh"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="560" height="315"></iframe>',
      ),
    );
    const img = root.querySelector('img') as HTMLImageElement;
    expect(img.hasAttribute('width')).toBe(false);
    expect(img.hasAttribute('height')).toBe(false);
    const frame = root.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('width')).toBe('560');
    expect(frame.getAttribute('height')).toBe('315');
  });

  it('gives signatures no class or style at all', () => {
    const { classes, styles } = carried(sanitizeSignatureHtml('<span class="fixed inset-0" style="position:fixed;color:red">sig</span>'));
    expect(classes).toEqual([]);
    expect(styles).toEqual([]);
  });
});

/** Frames that are not one of the supported players, each of which the sanitizer must remove. */
const HOSTILE_FRAMES = [
  '<iframe src="https://example.com/embed" width="9999" height="9999"></iframe>',
  '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="JaVaScRiPt:alert(1)//https://w.soundcloud.com/player/"></iframe>',
  '<iframe src="https://soundcloud.com.evil.example/player/?url=x"></iframe>',
  '<iframe src="https://w.soundcloud.com.evil.example/player/?url=https%3A//api.soundcloud.com/tracks/1"></iframe>',
  '<iframe src="https://w.soundcloud.com@evil.example/player/?url=https%3A//api.soundcloud.com/tracks/1"></iframe>',
  '<iframe src="https://www.youtube-nocookie.com:8443/embed/dQw4w9WgXcQ"></iframe>',
  '<iframe src="http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
  '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
  '<iframe></iframe>',
  '<IFRAME SRC="https://example.com/"></IFRAME>',
  '<object data="https://example.com/"></object><embed src="https://example.com/">',
  '<frameset><frame src="https://example.com/"></frameset>',
];

const PLAYERS = [
  ['https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/123456&auto_play=true', 'https://w.soundcloud.com/player/'],
  ['https://player-widget.mixcloud.com/widget/iframe/?hide_cover=1&feed=%2Fdj%2Fshow%2F', 'https://player-widget.mixcloud.com/widget/iframe/'],
  ['https://bandcamp.com/EmbeddedPlayer/album=1234567890/size=large/', 'https://bandcamp.com/EmbeddedPlayer/'],
  ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/'],
  ['https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC', 'https://open.spotify.com/embed/'],
] as const;

describe('frames in member HTML', () => {
  it.each(HOSTILE_FRAMES)('removes %s', (payload) => {
    const root = parse(sanitizePostHtml(`<p>before</p>${payload}<p>after</p>`));
    expect(root.querySelectorAll('iframe, frame, object, embed')).toHaveLength(0);
    expect(root.textContent).toContain('before');
    expect(root.textContent).toContain('after');
  });

  it.each(PLAYERS)('keeps the player %s sandboxed, at its rebuilt address', (src, prefix) => {
    const payload = `<iframe src="${src}" sandbox="allow-top-navigation allow-popups allow-popups-to-escape-sandbox allow-forms" allow="camera; microphone" referrerpolicy="unsafe-url" onload="alert(1)" name="x" srcdoc="<script>alert(1)</script>"></iframe>`;
    const frame = parse(sanitizePostHtml(payload)).querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('src')?.startsWith(prefix)).toBe(true);
    expect(frame.getAttribute('src')).not.toContain('auto_play');
    expect(frame.getAttribute('sandbox')).toBe(PLAYER_FRAME_SANDBOX);
    expect(frame.getAttribute('sandbox')).not.toMatch(/top-navigation|popups|forms|modals/);
    expect(frame.getAttribute('allow')).toBe(PLAYER_FRAME_ALLOW);
    expect(frame.getAttribute('referrerpolicy')).toBe('strict-origin');
    expect(frame.hasAttribute('onload')).toBe(false);
    expect(frame.hasAttribute('name')).toBe(false);
    expect(frame.hasAttribute('srcdoc')).toBe(false);
  });

  it('keeps no frame in a signature or in blog markdown', () => {
    const player = `<iframe src="${PLAYERS[3][0]}"></iframe>`;
    expect(sanitizeSignatureHtml(player)).not.toContain('iframe');
    expect(renderMarkdown(player)).not.toContain('iframe');
  });
});
