// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME, THEME_STORAGE_KEY } from '@/lib/shell-constants';
import { applyTheme, readStoredTheme, resolveTheme, useThemeStore } from '@/stores/theme-store';

describe('theme store', () => {
  beforeEach(() => {
    localStorage.clear();
    useThemeStore.setState({ theme: readStoredTheme() });
  });

  it('defaults to dark when nothing is stored', () => {
    expect(DEFAULT_THEME).toBe('dark');
    expect(useThemeStore.getState().theme).toBe('dark');
  });

  it('persists the choice under a product-specific key', () => {
    expect(THEME_STORAGE_KEY).toBe('djcircle-theme');
    useThemeStore.getState().setTheme('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(readStoredTheme()).toBe('light');
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'neon');
    expect(readStoredTheme()).toBe('dark');
  });

  it('resolves system from the device preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('toggles between light and dark', () => {
    useThemeStore.getState().toggleTheme();
    expect(useThemeStore.getState().theme).toBe('light');
    useThemeStore.getState().toggleTheme();
    expect(useThemeStore.getState().theme).toBe('dark');
  });

  it('applies the resolved theme to the root element', () => {
    const root = document.createElement('html');
    applyTheme('light', root);
    expect(root.classList.contains('light')).toBe(true);
    expect(root.classList.contains('dark')).toBe(false);
    applyTheme('dark', root);
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
  });

  it('lifts the hold on transitions once a switch has landed', () => {
    const root = document.createElement('html');
    applyTheme('dark', root);
    applyTheme('light', root);
    expect([...root.classList]).toEqual(['light']);
  });
});
