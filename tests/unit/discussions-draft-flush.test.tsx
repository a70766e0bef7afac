// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { of } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { DRAFT_SAVE_DEBOUNCE_MS } from '@/features/discussions/constants';
import { useLocalDraft } from '@/features/discussions/hooks/use-local-draft';

// The boundary: the drafts collection, here with nothing stored; the form's own save is the spy.
vi.mock('@/features/discussions/model/local-queries', () => ({ draft$: () => of(null) }));
vi.mock('@/features/discussions/model/writes', () => ({ clearDraft: async () => undefined }));

afterEach(() => cleanup());

const db = {} as AppDatabase;
/** Well inside the pause in typing: a save seen by then was not the pause ending. */
const SOON_MS = DRAFT_SAVE_DEBOUNCE_MS / 10;
const soon = () => act(() => new Promise((resolve) => setTimeout(resolve, SOON_MS)));

const member = crypto.randomUUID();

type Props = { draftId: string; value: string; save: (value: string) => Promise<void> };

/** The hook as a form uses it, restored (nothing stored) and ready for the member's typing. */
async function draftForm(initial: Props) {
  const hook = renderHook((props: Props) => useLocalDraft({ db, memberId: member, onRestore: () => undefined, ...props }), { initialProps: initial });
  await soon();
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
    const hook = await draftForm({ draftId: 'reply:a', value: '', save });
    typed(hook, { draftId: 'reply:a', value: 'See you at the front', save });
    window.dispatchEvent(new Event('pagehide'));
    await soon();
    expect(save).toHaveBeenCalledWith('See you at the front');
    // The pause ending later does not write it a second time.
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DEBOUNCE_MS + 100));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('is saved when the form unmounts within the pause', async () => {
    const save = vi.fn(async () => undefined);
    const hook = await draftForm({ draftId: 'reply:a', value: '', save });
    typed(hook, { draftId: 'reply:a', value: 'Leaving the thread now', save });
    hook.unmount();
    await soon();
    expect(save).toHaveBeenCalledWith('Leaving the thread now');
  });

  it('is saved under the draft it was typed in when the form switches to another thread', async () => {
    const saveA = vi.fn(async () => undefined);
    const saveB = vi.fn(async () => undefined);
    const hook = await draftForm({ draftId: 'reply:a', value: '', save: saveA });
    typed(hook, { draftId: 'reply:a', value: 'Written in thread A', save: saveA });
    act(() => hook.rerender({ draftId: 'reply:b', value: 'Written in thread A', save: saveB }));
    await soon();
    expect(saveA).toHaveBeenCalledWith('Written in thread A');
    expect(saveB).not.toHaveBeenCalled();
  });

  it('a sent reply (cleared draft) is not written back when the page hides', async () => {
    const save = vi.fn(async () => undefined);
    const hook = await draftForm({ draftId: 'reply:a', value: '', save });
    typed(hook, { draftId: 'reply:a', value: 'Sent already', save });
    await act(() => hook.result.current.clear());
    window.dispatchEvent(new Event('pagehide'));
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DEBOUNCE_MS + 100));
    expect(save).not.toHaveBeenCalled();
  });
});
