import { describe, expect, it } from 'vitest';
import { firstRenderHolds, holdFirstRender } from '@/launch/first-render-hold';

describe("the launch's first render waits for held work", () => {
  it('settles only once every held piece of work has, a failed one included', async () => {
    let finish: () => void = () => undefined;
    holdFirstRender(new Promise<void>((resolve) => (finish = resolve)));
    holdFirstRender(Promise.reject(new Error('a chunk that failed to load')));
    let settled = false;
    const waiting = firstRenderHolds().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    finish();
    await waiting;
    expect(settled).toBe(true);
  });
});
