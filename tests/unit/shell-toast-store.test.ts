import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@/lib/shell-constants';
import { dismissToast, toast, TOAST_REMOVE_DELAY_MS, useToastStore } from '@/stores/toast-store';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('shows one toast at a time: a new one replaces the old', () => {
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: 'Login Failed' });
    toast({ title: 'Profile Updated' });
    const { toasts } = useToastStore.getState();
    expect(toasts.map((t) => t.title)).toEqual(['Profile Updated']);
  });

  it('auto-dismisses after 5000 ms unless the duration is infinite', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    toast({ title: 'a' });
    expect(useToastStore.getState().toasts[0].duration).toBe(5000);
    toast({ title: 'b', duration: Number.POSITIVE_INFINITY });
    expect(useToastStore.getState().toasts[0].duration).toBe(Number.POSITIVE_INFINITY);
  });

  it('can be updated in place', () => {
    const handle = toast({ title: 'Uploading', description: '10%' });
    handle.update({ description: '90%' });
    const [only] = useToastStore.getState().toasts;
    expect(only).toMatchObject({ id: handle.id, title: 'Uploading', description: '90%', open: true });
  });

  it('dismissing closes the toast, then removes it after its exit animation', () => {
    const handle = toast({ title: 'Saved' });
    handle.dismiss();
    expect(useToastStore.getState().toasts[0].open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('dismissing all closes every toast', () => {
    toast({ title: 'x' });
    dismissToast();
    expect(useToastStore.getState().toasts.every((t) => !t.open)).toBe(true);
  });

  it('keeps an action with its label and accessible alternative', () => {
    const onClick = vi.fn();
    toast({ title: 'Login Required', action: { label: 'Login', altText: 'Go to login', onClick } });
    const action = useToastStore.getState().toasts[0].action;
    action?.onClick();
    expect(action?.label).toBe('Login');
    expect(onClick).toHaveBeenCalledOnce();
  });
});
