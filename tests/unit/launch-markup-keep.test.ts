// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_LOADED_ATTRIBUTE } from '@/components/ui/avatar';
import { LAUNCH_MARKUP_SCREENS, writeLaunchSnapshot } from '@/launch/launch-snapshot';
import { LAUNCH_ENTRY_ATTRIBUTE, LAUNCH_MARKUP_BUILD_HEADER, launchMarkupKey } from '@/lib/launch-markup';

// The boundaries: Cache Storage and the browser's idle callbacks.
const put = vi.fn(async (_key: string, _response: Response) => undefined);
let idle: (() => void)[] = [];

beforeEach(() => {
  put.mockClear();
  idle = [];
  vi.stubGlobal('caches', { open: async () => ({ put }) });
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  history.replaceState(null, '', '/discussions');
  // A shell served with a markup names its entry this way (and loads nothing here).
  document.head.innerHTML = `<script type="module" ${LAUNCH_ENTRY_ATTRIBUTE}="/assets/index-Abc123.js"></script>`;
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function snapshotThenIdle(root: string): Promise<void> {
  document.body.innerHTML = `<div id="root">${root}</div>`;
  writeLaunchSnapshot('/discussions', { page: root });
  idle.splice(0).forEach((fn) => fn());
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("a screen's launch markup", () => {
  it('is kept with the build that painted it', async () => {
    await snapshotThenIdle('<main><a data-testid="discussion-card" href="/discussions/thread/1">Warehouse set times</a></main>');
    expect(put).toHaveBeenCalledTimes(1);
    const [key, response] = put.mock.calls[0]!;
    expect(key).toBe(launchMarkupKey('/discussions'));
    expect(response.headers.get(LAUNCH_MARKUP_BUILD_HEADER)).toBe('/assets/index-Abc123.js');
    expect(await response.text()).toContain('Warehouse set times');
  });

  it('keeps an avatar without the mark of its loaded picture, so its initials show until the picture is in', async () => {
    await snapshotThenIdle(
      `<main><span><img src="/a.png" alt="" ${AVATAR_LOADED_ATTRIBUTE}=""><span class="peer-${AVATAR_LOADED_ATTRIBUTE}:invisible">MJ</span></span></main>`,
    );
    const text = await put.mock.calls[0]![1].text();
    expect(text).toContain('<img src="/a.png" alt="">');
    expect(text).not.toMatch(new RegExp(`<img[^>]*${AVATAR_LOADED_ATTRIBUTE}`));
  });

  it('is not kept from a screen that shows member-written HTML: it would be parsed again from its serialisation', async () => {
    await snapshotThenIdle('<main><div class="member-html"><p>Bring earplugs</p></div></main>');
    expect(put).not.toHaveBeenCalled();
  });

  it('is not kept for another view of the screen', async () => {
    history.replaceState(null, '', '/discussions?q=techno');
    await snapshotThenIdle('<main><a data-testid="discussion-card" href="/discussions/thread/2">Techno only</a></main>');
    expect(put).not.toHaveBeenCalled();
  });

  it('holds what starts within its first screens of the page, not the cards further down', async () => {
    // The boundary here is layout: each element's box is where its data-top says, 40 px high.
    const fold = window.innerHeight * LAUNCH_MARKUP_SCREENS;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const top = Number(this.getAttribute('data-top') ?? 0);
      return DOMRect.fromRect({ x: 0, y: top, width: 300, height: this.hasAttribute('data-hidden') ? 0 : 40 });
    });
    try {
      await snapshotThenIdle(
        `<header data-top="0">DJCircle</header><main data-top="64">` +
          `<a data-testid="discussion-card" data-top="100">Warehouse set times</a>` +
          `<a data-testid="discussion-card" data-top="${fold - 10}">Booth monitors</a>` +
          `<a data-testid="discussion-card" data-top="${fold + 10}">Vinyl swap meet</a>` +
          `<a data-testid="discussion-card" data-top="${fold * 2}">After-hours playlist</a></main>` +
          `<aside data-top="0" data-hidden>Sidebar links</aside><footer data-top="${fold * 3}">Footer</footer>`,
      );
    } finally {
      vi.restoreAllMocks();
    }
    const kept = await put.mock.calls[0]![1].text();
    expect(kept).toContain('Warehouse set times');
    expect(kept).toContain('Booth monitors');
    expect(kept).toContain('Sidebar links');
    expect(kept).not.toContain('Vinyl swap meet');
    expect(kept).not.toContain('After-hours playlist');
    expect(kept).not.toContain('Footer');
    // The live page keeps every card: only the copy is cut.
    expect(document.querySelectorAll('[data-testid="discussion-card"]')).toHaveLength(4);
  });

  it('keeps a sticky header and what it holds when the page was scrolled far down as it was taken', async () => {
    const fold = window.innerHeight * LAUNCH_MARKUP_SCREENS;
    const scrolled = fold * 2;
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(scrolled);
    // Boxes as drawn in the scrolled window: the header stuck at its top, the page's first card far above it.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return DOMRect.fromRect({ x: 0, y: Number(this.getAttribute('data-top') ?? 0), width: 300, height: 40 });
    });
    try {
      await snapshotThenIdle(
        `<header style="position: sticky; top: 0" data-top="0"><span data-top="0">DJCircle</span></header>` +
          `<main data-top="${64 - scrolled}"><a data-testid="discussion-card" data-top="${100 - scrolled}">Warehouse set times</a>` +
          `<a data-testid="discussion-card" data-top="10">Vinyl swap meet</a></main>`,
      );
    } finally {
      vi.restoreAllMocks();
    }
    const kept = await put.mock.calls[0]![1].text();
    expect(kept).toContain('DJCircle');
    expect(kept).toContain('Warehouse set times');
    expect(kept).not.toContain('Vinyl swap meet');
  });
});
