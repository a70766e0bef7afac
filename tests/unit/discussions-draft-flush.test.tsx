// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { defer, of } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '@/db/database';
import type { DraftDoc } from '@/db/schemas/drafts';
import { DRAFT_SAVE_DEBOUNCE_MS } from '@/features/discussions/constants';
import { rescueKey, useLocalDraft } from '@/features/discussions/hooks/use-local-draft';
import { clearPrivateDeviceData } from '@/lib/device-storage';
import { readFormDraft, writeFormDraft } from '@/lib/form-drafts';

// The boundary: the drafts collection, here one stored draft at most; the form's own save is a spy.
const drafts = vi.hoisted(() => ({ stored: null as DraftDoc | null }));
vi.mock('@/features/discussions/model/local-queries', () => ({ draft$: () => defer(() => of(drafts.stored)) }));
vi.mock('@/features/discussions/model/writes', () => ({ clearDraft: async () => undefined }));

afterEach(() => {
  cleanup();
  clearPrivateDeviceData();
  drafts.stored = null;
});

const db = {} as AppDatabase;
/** Well inside the pause in typing: a save seen by then was not the pause ending. */
const SOON_MS = DRAFT_SAVE_DEBOUNCE_MS / 10;
const soon = () => act(() => new Promise((resolve) => setTimeout(resolve, SOON_MS)));

const member = crypto.randomUUID();

type Props = { draftId: string; value: string; save: (value: string) => Promise<void>; onRestore?: (draft: DraftDoc) => void };

/** The hook as a form uses it, restored and ready for the member's typing. */
async function draftForm(initial: Props) {
  const hook = renderHook((props: Props) => useLocalDraft({ db, memberId: member, onRestore: () => undefined, onRemoved: () => undefined, ...props }), {
    initialProps: initial,
  });
  await soon();
  return hook;
}

/** What a page that went away rescued for `who` in `draftId`, as `{ value }`, or null. */
const rescued = (draftId: string, who = member) => readFormDraft(rescueKey(draftId, who), (value) => ({ value }));
const rescue = (draftId: string, who: string, value: string) => writeFormDraft(rescueKey(draftId, who), value);

/** A form on `draftId` in which the member typed `text`, not saved yet (the pause in typing has not ended). */
async function formWithTyped(text: string, save: Props['save'], draftId = 'reply:a') {
  const hook = await draftForm({ draftId, value: '', save });
  typed(hook, { draftId, value: text, save });
  return hook;
}

function typed(hook: Awaited<ReturnType<typeof draftForm>>, props: Props): void {
  act(() => {
    hook.result.current.touch();
    hook.rerender(props);
  });
}

describe('a reply typed just before the form or the page goes away', () => {
  it('is saved at once when the page hides (a reload, a closed tab), not after the pause in typing', async () => {
    const save = vi.fn(async () => undefined);
    await formWithTyped('See you at the front', save);
    window.dispatchEvent(new Event('pagehide'));
    await soon();
    expect(save).toHaveBeenCalledWith('See you at the front');
    // The pause ending later does not write it a second time.
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DEBOUNCE_MS + 100));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('is saved when the form unmounts within the pause', async () => {
    const save = vi.fn(async () => undefined);
    const hook = await formWithTyped('Leaving the thread now', save);
    hook.unmount();
    await soon();
    expect(save).toHaveBeenCalledWith('Leaving the thread now');
  });

  it('is saved under the draft it was typed in when the form switches to another thread', async () => {
    const saveA = vi.fn(async () => undefined);
    const saveB = vi.fn(async () => undefined);
    const hook = await formWithTyped('Written in thread A', saveA);
    act(() => hook.rerender({ draftId: 'reply:b', value: 'Written in thread A', save: saveB }));
    await soon();
    expect(saveA).toHaveBeenCalledWith('Written in thread A');
    expect(saveB).not.toHaveBeenCalled();
  });

  it('a sent reply (cleared draft) is not written back when the page hides', async () => {
    const save = vi.fn(async () => undefined);
    const hook = await formWithTyped('Sent already', save);
    await act(() => hook.result.current.clear());
    window.dispatchEvent(new Event('pagehide'));
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DEBOUNCE_MS + 100));
    expect(save).not.toHaveBeenCalled();
  });
});

describe('words still pending when the page went away (a reload does not wait for IndexedDB)', () => {
  /** A save that never lands: the page was torn down before IndexedDB finished. */
  const neverLands = () => new Promise<void>(() => undefined);
  const storeAs = (content: string) => {
    drafts.stored = { id: 'reply:a', kind: 'reply', key: 'a', content, user_id: member, updated_at: '2026-11-22T00:00:00.000Z' };
  };

  it('are rescued synchronously as the page hides, and the rescue is dropped once the save landed', async () => {
    const dying = await formWithTyped('Last words before the reload', neverLands);
    window.dispatchEvent(new Event('pagehide'));
    expect(rescued('reply:a')).toEqual({ value: 'Last words before the reload' });
    dying.unmount();

    const save = vi.fn(async () => undefined);
    await formWithTyped('Saved in time', save, 'reply:b');
    window.dispatchEvent(new Event('pagehide'));
    await soon();
    expect(save).toHaveBeenCalledWith('Saved in time');
    expect(rescued('reply:b')).toBeNull();
  });

  it('are rescued too when their save already started but has not landed (the pause in typing had ended)', async () => {
    await formWithTyped('Shared a link, then another', neverLands);
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DEBOUNCE_MS + 50)));
    window.dispatchEvent(new Event('pagehide'));
    expect(rescued('reply:a')).toEqual({ value: 'Shared a link, then another' });
  });

  it('are rescued under the draft they were typed in, beside newer words of another draft', async () => {
    const hook = await formWithTyped('Typed in thread A', neverLands);
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DEBOUNCE_MS + 50)));
    act(() => hook.rerender({ draftId: 'reply:b', value: '', save: neverLands }));
    await soon();
    typed(hook, { draftId: 'reply:b', value: 'Typed in thread B', save: neverLands });
    window.dispatchEvent(new Event('pagehide'));
    expect(rescued('reply:a')).toEqual({ value: 'Typed in thread A' });
    expect(rescued('reply:b')).toEqual({ value: 'Typed in thread B' });
  });

  it('leave no rescue once their save landed, nor after the draft was cleared', async () => {
    const hook = await formWithTyped('Stored in time', async () => undefined);
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DEBOUNCE_MS + 50)));
    window.dispatchEvent(new Event('pagehide'));
    expect(rescued('reply:a')).toBeNull();
    hook.unmount();

    const sent = await formWithTyped('Sent while its save was on its way', neverLands, 'reply:b');
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DEBOUNCE_MS + 50)));
    void sent.result.current.clear();
    window.dispatchEvent(new Event('pagehide'));
    expect(rescued('reply:b')).toBeNull();
  });

  it('are stored through the form’s save and restored when the form opens again', async () => {
    rescue('reply:a', member, 'Last words before the reload');
    storeAs('Older words');
    const save = vi.fn(async (value: string) => storeAs(value));
    const onRestore = vi.fn();
    await draftForm({ draftId: 'reply:a', value: '', save, onRestore });
    expect(save).toHaveBeenCalledWith('Last words before the reload');
    expect(onRestore).toHaveBeenCalledWith(expect.objectContaining({ content: 'Last words before the reload' }));
    expect(rescued('reply:a')).toBeNull();
  });

  it('are kept for another try when storing them fails', async () => {
    rescue('reply:a', member, 'Try again later');
    const save = vi.fn(async () => {
      throw new Error('QuotaExceededError');
    });
    await draftForm({ draftId: 'reply:a', value: '', save });
    expect(save).toHaveBeenCalledTimes(1);
    expect(rescued('reply:a')).toEqual({ value: 'Try again later' });
  });

  it('are never given to another member, and a sent reply drops its rescue', async () => {
    const someoneElse = crypto.randomUUID();
    rescue('reply:a', someoneElse, 'Not yours');
    const save = vi.fn(async () => undefined);
    const hook = await draftForm({ draftId: 'reply:a', value: '', save });
    expect(save).not.toHaveBeenCalled();
    expect(rescued('reply:a')).toBeNull();
    expect(rescued('reply:a', someoneElse)).toEqual({ value: 'Not yours' });

    typed(hook, { draftId: 'reply:a', value: 'Sending now', save });
    window.dispatchEvent(new Event('pagehide'));
    await act(() => hook.result.current.clear());
    expect(rescued('reply:a')).toBeNull();
  });
});
