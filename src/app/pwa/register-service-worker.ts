import { requestPersistentStorage } from '@/lib/persist-storage';
import { MESSAGES } from '@/lib/shell-constants';
import { toast } from '@/stores/toast-store';

/** Loaded when asked, like the rest of the worker's glue: nothing of it is needed for the first screen. */
const registerPeriodicRefresh = () => import('./background-sync').then((m) => m.registerPeriodicRefresh());

/**
 * Registers the worker and, when a new build is waiting, offers a Reload.
 * Accepting tells the waiting worker to take over; the page reloads once it
 * controls the page, so old and new code never mix in one tab.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // An installed app is one the member relies on offline: its copy should survive low storage.
  window.addEventListener(
    'appinstalled',
    () => {
      void requestPersistentStorage();
      void registerPeriodicRefresh();
    },
    { once: true },
  );
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });

  wb.addEventListener('waiting', () => {
    wb.addEventListener('controlling', () => window.location.reload());
    toast({
      title: MESSAGES.newVersionTitle,
      description: MESSAGES.newVersionDescription,
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: MESSAGES.reload,
        altText: 'Reload to use the new version',
        onClick: () => wb.messageSkipWaiting(),
      },
    });
  });

  await wb.register().catch((error: unknown) => console.error('Service worker registration failed', error));
  // Asked on every open: the permission (installing the app) and Data Saver may have changed since.
  await registerPeriodicRefresh();
}
