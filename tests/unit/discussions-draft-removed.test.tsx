// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '@/db/database';
import type { DraftDoc } from '@/db/schemas/drafts';
import { DRAFT_SAVE_DEBOUNCE_MS } from '@/features/discussions/constants';
import { useLocalDraft } from '@/features/discussions/hooks/use-local-draft';
import { clearPrivateDeviceData } from '@/lib/device-storage';

// The boundary: the drafts collection, one draft whose stored version replication changes; the form's save is a spy.
const drafts = vi.hoisted(() => ({ stored: null as unknown as BehaviorSubject<DraftDoc | null> }));
vi.mock('@/features/discussions/model/local-queries', () => ({ draft$: () => drafts.stored }));
vi.mock('@/features/discussions/model/writes', () => ({ clearDraft: async () => undefined }));

afterEach(() => {
  cleanup();
  clearPrivateDeviceData();
});

const db = {} as AppDatabase;
const member = crypto.randomUUID();
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DEBOUNCE_MS / 10)));

const fromPhone = (content: string): DraftDoc => ({
  id: 'reply:a',
  user_id: member,
  kind: 'reply',
  key: 'thread-a',
  content,
  fields: {},
  updated_at: new Date().toISOString(),
});

/** A reply form on the desktop: what it shows, whether it was emptied, and what it saved. */
async function desktopForm() {
  drafts.stored = new BehaviorSubject<DraftDoc | null>(fromPhone('Started on the phone'));
  const form = { shown: '', removed: 0 };
  const save = vi.fn(async () => undefined);
  const hook = renderHook(
    (props: { value: string }) =>
      useLocalDraft({
        db,
        draftId: 'reply:a',
        memberId: member,
        value: props.value,
        onRestore: (d) => (form.shown = d.content ?? ''),
        onRemoved: () => {
          form.shown = '';
          form.removed += 1;
        },
        save,
      }),
    { initialProps: { value: '' } },
  );
  await settle();
  expect(form.shown).toBe('Started on the phone');
  return { hook, form, save };
}

describe('a synced draft shown in a form', () => {
  it('empties the form when another device posts or discards it and the member has not typed here', async () => {
    const { hook, form, save } = await desktopForm();
    hook.rerender({ value: form.shown });
    act(() => drafts.stored.next(null));
    await settle();
    expect(form.removed).toBe(1);
    expect(form.shown).toBe('');
    expect(save).not.toHaveBeenCalled();

    // A new draft from the phone fills the form again.
    act(() => drafts.stored.next(fromPhone('Another one')));
    await settle();
    expect(form.shown).toBe('Another one');
  });

  it("keeps the member's text, stored again, when they typed here before the draft went", async () => {
    const { hook, form, save } = await desktopForm();
    act(() => {
      hook.result.current.touch();
      hook.rerender({ value: 'Started on the phone, finished here' });
    });
    // The pause in typing ended: what was typed is saved.
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DEBOUNCE_MS + 50)));
    expect(save).toHaveBeenLastCalledWith('Started on the phone, finished here');
    save.mockClear();

    act(() => drafts.stored.next(null));
    await settle();
    expect(form.removed).toBe(0);
    expect(save).toHaveBeenCalledWith('Started on the phone, finished here');
  });
});
