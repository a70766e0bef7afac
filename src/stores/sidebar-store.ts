import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { SIDEBAR_STORAGE_KEY } from '@/lib/shell-constants';

type SidebarState = {
  collapsed: boolean;
  mobileOpen: boolean;
  toggleCollapsed: () => void;
  setMobileOpen: (open: boolean) => void;
};

export const useSidebarStore = create<SidebarState>()(
  persist(
    (set) => ({
      collapsed: false,
      mobileOpen: false,
      toggleCollapsed: () => set((s) => ({ collapsed: !s.collapsed })),
      setMobileOpen: (mobileOpen) => set({ mobileOpen }),
    }),
    // Only the desktop collapse survives a reload; an open drawer would be a surprise.
    { name: SIDEBAR_STORAGE_KEY, partialize: (s) => ({ collapsed: s.collapsed }) },
  ),
);
