// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PLAYER_FRAME_SANDBOX } from '@/lib/embeds';
import { renderMarkdown, renderPostContent } from '@/lib/markdown';
import { sanitizePostHtml, sanitizeSignatureHtml } from '@/lib/sanitize';

/** Parses sanitized output and lists everything that could run script or escape the card. */
function activeParts(html: string): string[] {
  const root = document.createElement('div');
  root.innerHTML = html;
  const found: string[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'svg', 'math', 'object', 'embed', 'style', 'form', 'base', 'meta', 'link'].includes(tag)) found.push(`<${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value.replace(/\s+/g, '').toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (['srcdoc', 'formaction', 'xlink:href', 'action'].includes(name)) found.push(`${tag}[${name}]`);
      if (/^(javascript|vbscript|data):/.test(value) && ['href', 'src'].includes(name)) found.push(`${tag}[${name}=${value.slice(0, 15)}]`);
      if (name === 'style' && /(url\(|expression\(|javascript:|position:(fixed|absolute))/.test(value)) found.push(`${tag}[style]`);
    }
  }
  return found;
}

const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<div onclick="alert(1)" onmouseover=alert(2)>hover</div>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="  JaVaScRiPt:alert(1)">click</a>',
  '<a href="java&#x09;script:alert(1)">tab</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<svg onload=alert(1)><circle r=5 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="https://w.soundcloud.com/player/" onload="alert(1)" allow="camera"></iframe>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</div>',
  '<span style="background:url(javascript:alert(1))">bg</span>',
  '<p style="width: expression(alert(1))">ie</p>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<p>fine</p><style>body{display:none}</style>',
];

describe('post sanitizer', () => {
  it.each(CORPUS)('renders %s inert', (payload) => {
    expect(activeParts(sanitizePostHtml(payload))).toEqual([]);
    expect(activeParts(renderPostContent(payload))).toEqual([]);
  });

  it('keeps the allowed formatting, links and supported players', () => {
    const html = sanitizePostHtml(
      '<p><strong>Bold</strong> <em>it</em> <u>u</u> <a href="https://example.com" target="_blank">link</a></p>' +
        '<ul><li>one</li></ul><pre><code>x</code></pre><img src="https://example.com/a.png" alt="a" width="10">' +
        '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="560" height="315" frameborder="0" allowfullscreen></iframe>',
    );
    const root = document.createElement('div');
    root.innerHTML = html;
    expect(root.querySelector('strong')?.textContent).toBe('Bold');
    expect(root.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(root.querySelector('img')?.getAttribute('src')).toBe('https://example.com/a.png');
    const frame = root.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    // The player keeps its own origin (a different site from the app's); it never gets popups or the top page.
    expect(frame?.getAttribute('sandbox')).toBe(PLAYER_FRAME_SANDBOX);
  });

  it('gives an undescribed image an empty alt so screen readers skip it, and keeps a given one', () => {
    const root = document.createElement('div');
    root.innerHTML = sanitizePostHtml('<img src="https://example.com/a.png"><img src="https://example.com/b.png" alt="Flyer">');
    const [plain, described] = Array.from(root.querySelectorAll('img'));
    expect(plain.getAttribute('alt')).toBe('');
    expect(described.getAttribute('alt')).toBe('Flyer');
  });

  it('drops tags outside the allow-list but keeps their text', () => {
    const html = sanitizePostHtml('<h1>Title</h1><table><tr><td>cell</td></tr></table>');
    expect(html).not.toMatch(/<h1|<table|<td/);
    expect(html).toContain('Title');
    expect(html).toContain('cell');
  });
});

describe('post markdown', () => {
  it('renders quotes and strikethrough with allowed tags only', () => {
    const html = renderPostContent('> **DJ One wrote:**\n> hello\n\n~~old~~ new');
    expect(html).not.toMatch(/<blockquote|<del/);
    const root = document.createElement('div');
    root.innerHTML = html;
    expect(root.querySelector('div strong')?.textContent).toBe('DJ One wrote:');
    expect(root.querySelector('span.line-through')?.textContent).toBe('old');
  });

  it('turns single line breaks into <br>', () => {
    expect(renderPostContent('one\ntwo')).toContain('<br>');
  });
});

describe('signature sanitizer', () => {
  it('allows only its smaller list', () => {
    const html = sanitizeSignatureHtml('<b>b</b><hr><img src="https://example.com/x.png"><iframe src="https://example.com"></iframe><div>d</div>');
    expect(html).toContain('<b>b</b>');
    expect(html).toContain('<hr>');
    expect(html).not.toMatch(/<img|<iframe|<div/);
  });

  it.each(CORPUS)('renders %s inert', (payload) => {
    expect(activeParts(sanitizeSignatureHtml(payload))).toEqual([]);
  });
});

describe('markdown rendering', () => {
  it('opens external links in a new tab without an opener and strips raw script', () => {
    const html = renderMarkdown('[site](https://example.com)\n<script>alert(1)</script><img src=x onerror=alert(1)>');
    const root = document.createElement('div');
    root.innerHTML = html;
    const a = root.querySelector('a');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(activeParts(html)).toEqual([]);
  });

  it('keeps internal links in the same tab', () => {
    const html = renderMarkdown('[hub](/discussions)');
    expect(html).not.toContain('target=');
  });
});
