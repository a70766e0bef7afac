import { useCallback, useEffect, useRef, useState } from 'react';
import type { Subscription } from 'rxjs';
import type { AppDatabase } from '@/db/database';
import type { DraftDoc } from '@/db/schemas/drafts';
import { readFormDraft, removeFormDraft, writeFormDraft } from '@/lib/form-drafts';
import { DRAFT_SAVE_DEBOUNCE_MS } from '../constants';
import { draft$ } from '../model/local-queries';
import { clearDraft } from '../model/writes';

type Options<T> = {
  db: AppDatabase;
  draftId: string;
  memberId: string;
  /** The form's current value; a change the member made is saved after a short pause. */
  value: T;
  /** Puts a stored draft back into the form (once, unless the member typed first). */
  onRestore: (draft: DraftDoc) => void;
  /** Empties the form: the draft it shows was posted or discarded on another device before the member typed here. */
  onRemoved: () => void;
  save: (value: T) => Promise<void>;
};

/**
 * Where the words still pending when a page went away are kept (synchronously, in localStorage): a reload
 * does not wait for an IndexedDB write. Per member, so nobody else is given them.
 */
export function rescueKey(draftId: string, memberId: string): string {
  return `rescue:${memberId}:${draftId}`;
}

export type LocalDraft = {
  /** The member changed the form: from now on its value is saved. */
  touch: () => void;
  /** The form was sent: stop saving and remove the stored draft (after any save still running). Never rejects. */
  clear: () => Promise<void>;
  /** The stored draft (if any) is back in the form: text added from elsewhere now goes after it instead of being replaced. */
  restored: boolean;
};

/**
 * Drafts of the reply editor and the create-discussion dialog: saved in the
 * drafts collection at once, so a reload, a closed dialog or an app restart
 * gives the text back, and synced to the member's other devices by
 * replication. Only the member who wrote a draft gets it back.
 */
export function useLocalDraft<T>({ db, draftId, memberId, value, onRestore, onRemoved, save }: Options<T>): LocalDraft {
  const [restored, setRestored] = useState(false);
  const dirty = useRef(false);
  const saving = useRef<Promise<void>>(Promise.resolve());
  /** A change waiting for the pause in typing; flushed early when the page hides or the form goes away. */
  const pending = useRef<{ value: T } | null>(null);
  /**
   * The words whose save has started and not landed: a page that goes away meanwhile loses an IndexedDB write
   * still queued (behind a first sync's bulk writes it can wait long after the pause in typing), so they are
   * rescued as the page hides, like pending ones, under the draft they were typed in.
   */
  const unsaved = useRef<{ value: T; key: string } | null>(null);
  // The latest props, so a parent's inline functions do not restart the effects below.
  const current = useRef({ onRestore, onRemoved, save, draftId, memberId, value });
  useEffect(() => {
    current.current = { onRestore, onRemoved, save, draftId, memberId, value };
  });

  /** Saves `next` after any save already running; once stored, its rescue copy is no longer needed. */
  const persist = useCallback((next: T) => {
    // Taken now: when the draft id changes, the next render's save would write this text under the new id.
    const { save: saveNow, draftId: id, memberId: member } = current.current;
    const started = { value: next, key: rescueKey(id, member) };
    unsaved.current = started;
    // Chained, so clear() can wait for a save that already started and remove what it wrote.
    saving.current = saving.current
      .then(() => saveNow(next))
      .then(() => {
        if (unsaved.current === started) unsaved.current = null;
        removeFormDraft(started.key, next);
      })
      .catch(() => undefined);
    return saving.current;
  }, []);

  const flush = useCallback(() => {
    const next = pending.current;
    pending.current = null;
    if (next && dirty.current) void persist(next.value);
  }, [persist]);

  useEffect(() => {
    setRestored(false);
    dirty.current = false;
    let sub: Subscription | undefined;
    let left = false;
    const restore = () => {
      if (left) return;
      let shown: string | null = null;
      // Kept open: a draft that arrives from the member's other device (or changes there) fills the form
      // until the member types here.
      sub = draft$(db, draftId).subscribe((draft) => {
        if (!dirty.current && draft && draft.user_id === memberId && draft.updated_at !== shown) {
          shown = draft.updated_at;
          current.current.onRestore(draft);
        } else if (!draft && shown !== null) {
          // The draft the form showed is gone: posted or discarded elsewhere (this form's own clear() has
          // already emptied it). Untouched since, the form follows; typed in, the member's text stays and is
          // stored again, so a reload still has it.
          shown = null;
          if (!dirty.current) current.current.onRemoved();
          else if (!pending.current) void persist(current.current.value);
        }
        setRestored(true);
      });
    };
    // Words that were still pending when a page went away are stored first, then restored like any draft.
    // Written by this hook from a T: no shape to check here, and a wrong one makes the save reject and the rescue stay.
    const rescued = readFormDraft(rescueKey(draftId, memberId), (value) => ({ value: value as T }));
    if (rescued) void persist(rescued.value).then(restore);
    else restore();
    return () => {
      left = true;
      sub?.unsubscribe();
      // Leaving this draft (another thread, the dialog unmounted) within the pause still keeps the last words.
      flush();
    };
  }, [db, draftId, memberId, flush, persist]);

  useEffect(() => {
    if (!restored || !dirty.current) return;
    pending.current = { value };
    const timer = setTimeout(flush, DRAFT_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, restored, flush]);

  useEffect(() => {
    // A reload, a closed tab or a phone putting the app away does not wait for the pause in typing, nor for
    // an IndexedDB write: what is pending, or still on its way to IndexedDB, is also rescued synchronously.
    const onHide = () => {
      // Words on their way first: newer pending words of the same draft then replace them.
      if (unsaved.current) writeFormDraft(unsaved.current.key, unsaved.current.value);
      const next = pending.current;
      if (next && dirty.current) writeFormDraft(rescueKey(current.current.draftId, current.current.memberId), next.value);
      flush();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [flush]);

  const touch = useCallback(() => {
    dirty.current = true;
  }, []);

  const clear = useCallback((): Promise<void> => {
    dirty.current = false;
    pending.current = null;
    unsaved.current = null;
    removeFormDraft(rescueKey(draftId, memberId));
    // In the same chain as the saves: a save that started earlier cannot write the draft back afterwards.
    saving.current = saving.current.then(() => clearDraft(db, draftId)).catch(() => undefined);
    return saving.current;
  }, [db, draftId, memberId]);

  return { touch, clear, restored };
}
