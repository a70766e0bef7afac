import type { ReactNode } from 'react';
import { create } from 'zustand';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@/lib/shell-constants';

export type ToastVariant = 'default' | 'destructive' | 'success';

export type ToastAction = {
  label: string;
  /** Read by screen readers instead of the label, and announced as the way to act without the mouse. */
  altText: string;
  onClick: () => void;
};

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; Infinity keeps the toast until it is dismissed. */
  duration?: number;
  action?: ToastAction;
};

export type ToastItem = ToastInput & { id: string; open: boolean; duration: number };

/** How long a closed toast stays mounted so its exit animation can play. */
export const TOAST_REMOVE_DELAY_MS = 300;

type ToastState = {
  toasts: ToastItem[];
  add: (toast: ToastItem) => void;
  update: (id: string, patch: ToastInput) => void;
  dismiss: (id?: string) => void;
  remove: (id?: string) => void;
};

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  // A new toast replaces the old one: only TOAST_LIMIT stay on screen.
  add: (toast) => set((s) => ({ toasts: [toast, ...s.toasts].slice(0, TOAST_LIMIT) })),
  update: (id, patch) => set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, ...patch, duration: patch.duration ?? t.duration } : t)) })),
  dismiss: (id) => {
    set((s) => ({ toasts: s.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) }));
    setTimeout(() => useToastStore.getState().remove(id), TOAST_REMOVE_DELAY_MS);
  },
  remove: (id) => set((s) => ({ toasts: id === undefined ? s.toasts.filter((t) => t.open) : s.toasts.filter((t) => t.id !== id) })),
}));

let counter = 0;

export type ToastHandle = { id: string; update: (patch: ToastInput) => void; dismiss: () => void };

/** Shows a toast; the handle updates or dismisses that same toast later. */
export function toast(input: ToastInput): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  useToastStore.getState().add({ ...input, id, open: true, duration: input.duration ?? TOAST_DURATION_MS });
  return {
    id,
    update: (patch) => useToastStore.getState().update(id, patch),
    dismiss: () => useToastStore.getState().dismiss(id),
  };
}

export function dismissToast(id?: string): void {
  useToastStore.getState().dismiss(id);
}
