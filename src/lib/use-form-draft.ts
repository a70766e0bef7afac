import { useCallback, useEffect, useRef, useState } from 'react';
import { readFormDraft, removeFormDraft, writeFormDraft } from './form-drafts';

type Options<T> = {
  /** Form and member, e.g. `settings-profile:{id}`; null keeps nothing (no member yet). */
  key: string | null;
  /** The form's current value: once the member changed it, every change is kept. */
  value: T;
  /** Checks a stored draft's shape (zod); null refuses it. */
  parse: (stored: unknown) => T | null;
  /** Puts a stored draft back into the form, once per key. */
  onRestore: (draft: T) => void;
};

export type FormDraft = {
  /** The member changed the form: from now on its value is kept. */
  touch: () => void;
  /** Sent or discarded: the stored draft is removed and nothing more is kept until the next change. */
  clear: () => void;
  /** A draft from an earlier visit was put back into the form (the screen can say so). */
  restored: boolean;
};

/**
 * Unsent text of a form kept across reloads and crashes. Written on every
 * change because localStorage is synchronous: there is no pause in typing to
 * wait for and nothing a closing page could cut short.
 */
export function useFormDraft<T>({ key, value, parse, onRestore }: Options<T>): FormDraft {
  const [restored, setRestored] = useState(false);
  const dirty = useRef(false);
  const latest = useRef({ parse, onRestore });
  useEffect(() => {
    latest.current = { parse, onRestore };
  });

  useEffect(() => {
    dirty.current = false;
    const draft = key ? readFormDraft(key, latest.current.parse) : null;
    setRestored(draft !== null);
    if (draft !== null) latest.current.onRestore(draft);
  }, [key]);

  useEffect(() => {
    if (key && dirty.current) writeFormDraft(key, value);
  }, [key, value]);

  const touch = useCallback(() => {
    dirty.current = true;
  }, []);

  const clear = useCallback(() => {
    dirty.current = false;
    setRestored(false);
    if (key) removeFormDraft(key);
  }, [key]);

  return { touch, clear, restored };
}
