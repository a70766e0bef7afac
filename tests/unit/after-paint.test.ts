import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '@/lib/after-paint';

describe('afterNextPaint', () => {
  const frames: FrameRequestCallback[] = [];
  const paint = () => frames.splice(0).forEach((f) => f(performance.now()));

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    frames.length = 0;
  });

  function stubFrames() {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined;
    });
  }

  it('waits for the frame, then a task: a timer queued with it runs first, the frame is painted before', () => {
    stubFrames();
    const order: string[] = [];
    afterNextPaint(() => order.push('after paint'));
    setTimeout(() => order.push('plain timer'), 0);
    vi.advanceTimersByTime(1);
    expect(order).toEqual(['plain timer']);
    paint();
    expect(order).toEqual(['plain timer']);
    vi.advanceTimersByTime(1);
    expect(order).toEqual(['plain timer', 'after paint']);
    // once only, even when the fallback's time comes
    vi.advanceTimersByTime(200);
    expect(order).toEqual(['plain timer', 'after paint']);
  });

  it('runs anyway when no frame comes (a hidden page), and never once cancelled', () => {
    stubFrames();
    const ran = vi.fn();
    afterNextPaint(ran);
    vi.advanceTimersByTime(99);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(ran).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    const cancel = afterNextPaint(cancelled);
    paint();
    cancel();
    vi.advanceTimersByTime(200);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
