import { useCallback, useEffect, useRef, useState } from 'react';
import { take } from 'rxjs';
import type { AppDatabase } from '@/db/database';
import type { DraftDoc } from '@/db/schemas/drafts';
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
  save: (value: T) => Promise<void>;
};

export type LocalDraft = {
  /** The member changed the form: from now on its value is saved. */
  touch: () => void;
  /** The form was sent: stop saving and remove the stored draft (after any save still running). Never rejects. */
  clear: () => Promise<void>;
};

/**
 * Drafts of the reply editor and the create-discussion dialog (spec B section 2):
 * kept in the local drafts collection, never replicated, so a reload, a closed
 * dialog or an app restart gives the text back. Only the member who wrote a
 * draft gets it back.
 */
export function useLocalDraft<T>({ db, draftId, memberId, value, onRestore, save }: Options<T>): LocalDraft {
  const [restored, setRestored] = useState(false);
  const dirty = useRef(false);
  const saving = useRef<Promise<void>>(Promise.resolve());
  /** A change waiting for the pause in typing; flushed early when the page hides or the form goes away. */
  const pending = useRef<{ value: T } | null>(null);
  // The latest callbacks, so a parent's inline functions do not restart the effects below.
  const callbacks = useRef({ onRestore, save });
  useEffect(() => {
    callbacks.current = { onRestore, save };
  });

  const flush = useCallback(() => {
    const next = pending.current;
    pending.current = null;
    if (!next || !dirty.current) return;
    // Taken now: when the draft id changes, the next render's save would write this text under the new id.
    const { save: saveNow } = callbacks.current;
    // Chained, so clear() can wait for a save that already started and remove what it wrote.
    saving.current = saving.current.then(() => saveNow(next.value)).catch(() => undefined);
  }, []);

  useEffect(() => {
    setRestored(false);
    dirty.current = false;
    const sub = draft$(db, draftId)
      .pipe(take(1))
      .subscribe((draft) => {
        if (!dirty.current && draft && draft.user_id === memberId) callbacks.current.onRestore(draft);
        setRestored(true);
      });
    return () => {
      sub.unsubscribe();
      // Leaving this draft (another thread, the dialog unmounted) within the pause still keeps the last words.
      flush();
    };
  }, [db, draftId, memberId, flush]);

  useEffect(() => {
    if (!restored || !dirty.current) return;
    pending.current = { value };
    const timer = setTimeout(flush, DRAFT_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, restored, flush]);

  useEffect(() => {
    // A reload, a closed tab or a phone putting the app away may not wait for the pause in typing.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [flush]);

  const touch = useCallback(() => {
    dirty.current = true;
  }, []);

  const clear = useCallback((): Promise<void> => {
    dirty.current = false;
    pending.current = null;
    // In the same chain as the saves: a save that started earlier cannot write the draft back afterwards.
    saving.current = saving.current.then(() => clearDraft(db, draftId)).catch(() => undefined);
    return saving.current;
  }, [db, draftId]);

  return { touch, clear };
}
