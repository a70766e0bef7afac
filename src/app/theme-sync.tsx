import { useEffect } from 'react';
import { applyTheme, resolveTheme, useThemeStore } from '@/stores/theme-store';
import { watchConnectivity } from '@/stores/connectivity-store';

/** Keeps <html> in step with the theme choice (and the system setting when 'system'), and the connectivity store with the browser. */
export function ThemeSync() {
  const theme = useThemeStore((s) => s.theme);
  useEffect(() => {
    applyTheme(resolveTheme(theme));
    if (theme !== 'system') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme(resolveTheme('system', query.matches));
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [theme]);
  useEffect(() => {
    return watchConnectivity();
  }, []);
  return null;
}
