import type { GuardAuth } from './guards';

export type RouterContext = {
  auth: GuardAuth;
};

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by a guard that turned the member away, shown once as a toast on arrival. */
    navigationError?: string;
  }
}
