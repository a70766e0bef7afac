// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderPostContent } from '@/lib/markdown';
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
        '<img src="https://example.com/a.png" width="99999" height="100vh"><iframe src="https://www.youtube.com/embed/x" width="560" height="315"></iframe>',
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
