import { test } from '@playwright/test';
import { THREADS } from '../../supabase/seed/content/threads';
import { seedId } from '../../supabase/seed/random';
if (process.env.E2E_BASE_URL) test.use({ baseURL: process.env.E2E_BASE_URL });
test('debug scroll', async ({ page }) => {
  page.on('console', (m) => { if (m.text().startsWith('DBG')) console.log(m.text()); });
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await page.addInitScript(() => {
    const t0 = performance.now();
    const log = (what: string) => console.log(`DBG ${Math.round(performance.now() - t0)} ${what} y=${window.scrollY} ${new Error().stack?.split('\n').slice(2, 5).join(' | ')}`);
    const siv = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, ...a: unknown[]) { log(`scrollIntoView ${this.id} ${JSON.stringify(a)}`); const r = (siv as (...x: unknown[]) => unknown).apply(this, a); if (r instanceof Promise) r.then(() => log('siv resolved'), (e) => log('siv rejected ' + e)); return r as undefined; };
    const st = window.scrollTo;
    window.scrollTo = function (...a: unknown[]) { log(`scrollTo ${JSON.stringify(a)}`); return (st as (...x: unknown[]) => unknown).apply(window, a) as undefined; } as typeof window.scrollTo;
    window.addEventListener('scroll', () => log('scroll'), { passive: true }); window.addEventListener('scrollend', () => log('scrollend'));
    const origFocus = HTMLElement.prototype.focus; HTMLElement.prototype.focus = function (this: HTMLElement, o?: FocusOptions) { log(`focus ${this.tagName} ${this.id} ${JSON.stringify(o)}`); return origFocus.call(this, o); };
    const desc = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')!; Object.defineProperty(Element.prototype, 'scrollTop', { ...desc, set(v: number) { log(`scrollTop= ${v} on ${(this as Element).tagName}`); desc.set!.call(this, v); } });
  });
  const thread = THREADS[0];
  const lastId = seedId(`post:${thread.key}:${thread.replies.length + thread.chatter}`);
  await page.goto(`/discussions/thread/${seedId(`discussion:${thread.key}`)}?post=${lastId}`);
  for (let i = 0; i < 12; i++) { await page.waitForTimeout(1000); console.log('SAMPLE', i, await page.evaluate((id) => { const el = document.getElementById(`post-${id}`); return el ? `${Math.round(el.getBoundingClientRect().top)} y=${window.scrollY} posts=${document.querySelectorAll('[data-post-id]').length}` : 'none'; }, lastId)); }
  console.log(await page.evaluate((id) => {
    const el = document.getElementById(`post-${id}`)!;
    const r = el.getBoundingClientRect();
    const se = document.scrollingElement!;
    return JSON.stringify({ top: r.top, h: window.innerHeight, scrollY: window.scrollY, seH: se.scrollHeight, seClient: se.clientHeight, bodyOverflow: getComputedStyle(document.body).overflow, htmlOverflow: getComputedStyle(document.documentElement).overflow, main: (() => { const m = document.querySelector('main')!; return { sh: m.scrollHeight, ch: m.clientHeight, st: m.scrollTop, ov: getComputedStyle(m).overflowY }; })() });
  }, lastId));
});
