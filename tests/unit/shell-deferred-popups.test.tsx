// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeToggle } from '@/app/layout/theme-toggle';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { MESSAGES } from '@/lib/shell-constants';
import { toast, useToastStore } from '@/stores/toast-store';

describe('shell popups whose code loads on first use', () => {
  afterEach(() => {
    cleanup();
    useToastStore.setState({ toasts: [] });
  });

  it('shows a toast raised before the toaster had loaded', async () => {
    act(() => {
      toast({ title: 'Sign out failed', description: 'The server did not answer.' });
    });
    render(<DeferredToaster />);
    const shown = await screen.findByTestId('toast', {}, { timeout: 5000 });
    expect(shown.textContent).toContain('Sign out failed');
    expect(shown.textContent).toContain('The server did not answer.');
  });

  it('renders the theme button at once and opens the theme menu on the first click', async () => {
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Theme' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(await screen.findByRole('menuitemradio', { name: MESSAGES.lightMode }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: MESSAGES.darkMode })).toBeTruthy();
    // The open menu hides the rest of the page from assistive technology, the button included.
    expect(screen.getByRole('button', { name: 'Theme', hidden: true }).getAttribute('aria-expanded')).toBe('true');
  });
});
