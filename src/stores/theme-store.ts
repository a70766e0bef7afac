import { create } from 'zustand';
import { DEFAULT_THEME, THEME_STORAGE_KEY } from '@/lib/shell-constants';

export type Theme = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

const THEMES: readonly Theme[] = ['light', 'dark', 'system'];

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The stored choice is a plain string so the inline script in index.html can apply it before first paint. */
export function readStoredTheme(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Theme {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)').matches : true;
}

export function resolveTheme(theme: Theme, prefersDark: boolean = systemPrefersDark()): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

type ThemeState = {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  /** Flips between light and dark, leaving 'system' for an explicit choice. */
  toggleTheme: () => void;
};

export const useThemeStore = create<ThemeState>((set, get) => ({
  theme: readStoredTheme(),
  setTheme: (theme) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Private mode or a full quota: the choice still applies for this visit.
    }
    set({ theme });
  },
  toggleTheme: () => get().setTheme(resolveTheme(get().theme) === 'dark' ? 'light' : 'dark'),
}));

/** Held on <html> for the one style flush that switches the theme; styles.css turns every transition off under it. */
const THEME_SWITCHING_CLASS = 'theme-switching';

/**
 * Puts the resolved theme on <html> (class and color-scheme) so Tailwind's dark variant and native controls follow it.
 * A switch lands in one frame: without the hold, every control with a colour transition would fade on its own clock,
 * so for 150 ms the page mixes both themes (text of one on backgrounds of the other, unreadable while it lasts).
 */
export function applyTheme(resolved: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  const other = resolved === 'dark' ? 'light' : 'dark';
  const switching = root.classList.contains(other);
  if (switching) root.classList.add(THEME_SWITCHING_CLASS);
  root.classList.toggle(resolved, true);
  root.classList.toggle(other, false);
  root.style.colorScheme = resolved;
  if (!switching) return;
  // Reading a layout figure flushes the whole page's style with transitions off; lifting the hold afterwards changes
  // no colour, so nothing fades. The layout it forces is the one the next frame would have run.
  void root.offsetWidth;
  root.classList.remove(THEME_SWITCHING_CLASS);
}
