import { create } from 'zustand';

type ConnectivityState = {
  online: boolean;
  /** Local writes not yet accepted by the server; the data layer reports it through setPendingChanges. */
  pendingChanges: number;
  /** Local writes the server refused for good, kept on the device as drafts until the member deals with them. */
  rejectedChanges: number;
  setRejectedChanges: (count: number) => void;
  setOnline: (online: boolean) => void;
  setPendingChanges: (count: number) => void;
};

export const useConnectivityStore = create<ConnectivityState>((set) => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  pendingChanges: 0,
  rejectedChanges: 0,
  setRejectedChanges: (rejectedChanges) => set({ rejectedChanges: Math.max(0, rejectedChanges) }),
  setOnline: (online) => set({ online }),
  setPendingChanges: (pendingChanges) => set({ pendingChanges: Math.max(0, pendingChanges) }),
}));

/** Follows the browser's online/offline events; returns the function that stops listening. */
export function watchConnectivity(target: Window = window): () => void {
  const update = () => useConnectivityStore.getState().setOnline(target.navigator.onLine);
  target.addEventListener('online', update);
  target.addEventListener('offline', update);
  update();
  return () => {
    target.removeEventListener('online', update);
    target.removeEventListener('offline', update);
  };
}
