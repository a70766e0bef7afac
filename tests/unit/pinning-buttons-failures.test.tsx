// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookmarkButton } from '@/features/bookmarks/components/bookmark-button';
import { BOOKMARK_TEXT } from '@/features/bookmarks/constants';
import { KeepOfflineButton } from '@/features/offline/components/keep-offline-button';
import { KEEP_OFFLINE_TEXT } from '@/features/offline/constants';

/** The boundaries: an open store, what it holds for the button, the writes' chunk, and the toasts. */
const device = vi.hoisted(() => ({ held: null as unknown, loadPinning: vi.fn(), toast: vi.fn() }));
vi.mock('@/db/hooks/use-database', () => ({ useDatabase: () => ({}) }));
vi.mock('@/db/hooks/use-live-query', () => ({
  useLiveQuery: () => ({ value: device.held, loading: false, error: null, retry: () => undefined }),
  renderFirstResultsAtOnce: () => undefined,
}));
vi.mock('@/db/load-pinning', () => ({ loadPinning: device.loadPinning }));
vi.mock('@/stores/toast-store', () => ({ toast: device.toast }));
vi.mock('@/lib/persist-storage', () => ({ requestPersistentStorage: async () => false }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Keep offline when its writes cannot load', () => {
  it('says it could not keep the thread, never that it is saved or queued', async () => {
    device.held = false;
    device.loadPinning.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module: /assets/pinning.js'));
    render(<KeepOfflineButton sync={null} type="discussion" entityId="7d2c3a4e-0000-4000-8000-000000000001" />);
    fireEvent.click(screen.getByTestId('keep-offline'));
    await waitFor(() => expect(device.toast).toHaveBeenCalled());
    expect(device.toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive', title: KEEP_OFFLINE_TEXT.failedTitle }));
    expect(device.toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: KEEP_OFFLINE_TEXT.savedTitle }));
    await waitFor(() => expect((screen.getByTestId('keep-offline') as HTMLButtonElement).disabled).toBe(false));
  });
});

describe('removing a bookmark that the device fails to remove', () => {
  it('keeps the dialog open and says the bookmark is still kept', async () => {
    device.held = { id: 'b1', note: 'warm-up set', remind_at: null };
    device.loadPinning.mockResolvedValue({ removeBookmark: vi.fn().mockRejectedValue(new Error('The storage is full')) });
    render(<BookmarkButton userId="7d2c3a4e-0000-4000-8000-000000000002" type="discussion" entityId="7d2c3a4e-0000-4000-8000-000000000003" sync={null} />);
    fireEvent.click(screen.getByTestId('bookmark'));
    fireEvent.click(await screen.findByRole('button', { name: BOOKMARK_TEXT.remove }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(BOOKMARK_TEXT.removeFailed);
    expect(alert.textContent).toContain('The storage is full');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(device.toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: BOOKMARK_TEXT.removed }));
  });
});
