import { useDeferredPopup } from '@/launch/deferred-popup';
import { ThemeButton } from './theme-button';

// The menu's code (Radix menu, floating-ui) is not needed for the first paint, only when the button is used.
const loadThemeMenu = () => import('./theme-menu').then((m) => m.ThemeMenu);

/** Light Mode / Dark Mode, plus following the system. */
export function ThemeToggle() {
  const { Loaded, triggerProps } = useDeferredPopup(loadThemeMenu, 'menu');
  if (Loaded) return <Loaded defaultOpen />;
  return <ThemeButton {...triggerProps} />;
}
