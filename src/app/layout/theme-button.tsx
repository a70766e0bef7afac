import { Moon, Sun } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { resolveTheme, useThemeStore } from '@/stores/theme-store';

/** The theme menu's trigger: a sun or a moon for the theme in use. */
export function ThemeButton(props: ComponentProps<typeof Button>) {
  const theme = useThemeStore((s) => s.theme);
  const dark = resolveTheme(theme) === 'dark';
  return (
    <Button variant="ghost" size="icon" aria-label="Theme" data-testid="theme-toggle" {...props}>
      {dark ? <Moon aria-hidden /> : <Sun aria-hidden />}
    </Button>
  );
}
