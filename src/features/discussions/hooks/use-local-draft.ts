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
  // The latest callbacks, so a parent's inline functions do not restart the effects below.
  const callbacks = useRef({ onRestore, save });
  useEffect(() => {
    callbacks.current = { onRestore, save };
  });

  useEffect(() => {
    setRestored(false);
    dirty.current = false;
    const sub = draft$(db, draftId)
      .pipe(take(1))
      .subscribe((draft) => {
        if (!dirty.current && draft && draft.user_id === memberId) callbacks.current.onRestore(draft);
        setRestored(true);
      });
    return () => sub.unsubscribe();
  }, [db, draftId, memberId]);

  useEffect(() => {
    if (!restored || !dirty.current) return;
    const timer = setTimeout(() => {
      if (!dirty.current) return;
      // Chained, so clear() can wait for a save that already started and remove what it wrote.
      saving.current = saving.current.then(() => callbacks.current.save(value)).catch(() => undefined);
    }, DRAFT_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, restored]);

  const touch = useCallback(() => {
    dirty.current = true;
  }, []);

  const clear = useCallback((): Promise<void> => {
    dirty.current = false;
    // In the same chain as the saves: a save that started earlier cannot write the draft back afterwards.
    saving.current = saving.current.then(() => clearDraft(db, draftId)).catch(() => undefined);
    return saving.current;
  }, [db, draftId]);

  return { touch, clear };
}
