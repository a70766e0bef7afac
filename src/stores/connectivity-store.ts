import { create } from 'zustand';

type ConnectivityState = {
  online: boolean;
  /** Local writes not yet accepted by the server; the data layer reports it through setPendingChanges. */
  pendingChanges: number;
  setOnline: (online: boolean) => void;
  setPendingChanges: (count: number) => void;
};

export const useConnectivityStore = create<ConnectivityState>((set) => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  pendingChanges: 0,
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
