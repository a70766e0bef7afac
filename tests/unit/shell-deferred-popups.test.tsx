// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { ThemeToggle } from '@/app/layout/theme-toggle';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeferredComponent } from '@/launch/deferred-popup';
import { DeferredToaster } from '@/launch/deferred-toaster';
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

  it("renders a confirmation's trigger at once, opens the dialog on the first click, and confirms from it", async () => {
    let confirmed = 0;
    render(
      <ConfirmDialog
        trigger={<Button>Delete post</Button>}
        title="Delete this post?"
        description="It cannot be undone."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={() => confirmed++}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Delete post' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(trigger);
    expect(await screen.findByRole('alertdialog', { name: 'Delete this post?' }, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirmed).toBe(1);
  });

  it('loads a dialog opened from elsewhere when it is first wanted, and keeps it', async () => {
    const load = async () => (props: { open: boolean }) => (props.open ? <p>Followers list</p> : <p>closed</p>);
    function Host() {
      const [open, setOpen] = useState(false);
      const Dialog = useDeferredComponent(load, open);
      return (
        <>
          <button onClick={() => setOpen((o) => !o)}>Followers</button>
          {Dialog ? <Dialog open={open} /> : null}
        </>
      );
    }
    render(<Host />);
    expect(screen.queryByText('Followers list')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Followers' }));
    expect(await screen.findByText('Followers list', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Followers' }));
    expect(await screen.findByText('closed')).toBeTruthy();
  });
});
