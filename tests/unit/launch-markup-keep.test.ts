// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeLaunchSnapshot } from '@/launch/launch-snapshot';
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

  it('is not kept from a screen that shows member-written HTML: it would be parsed again from its serialisation', async () => {
    await snapshotThenIdle('<main><div class="member-html"><p>Bring earplugs</p></div></main>');
    expect(put).not.toHaveBeenCalled();
  });

  it('is not kept for another view of the screen', async () => {
    history.replaceState(null, '', '/discussions?q=techno');
    await snapshotThenIdle('<main><a data-testid="discussion-card" href="/discussions/thread/2">Techno only</a></main>');
    expect(put).not.toHaveBeenCalled();
  });
});
