import { importWhenOnline } from '@/lib/import-when-online';

/**
 * The device's pins and bookmarks writes (`./pinning`), loaded with the first tap that needs them: they bring
 * RxDB's engine, which a shared link's first screen does not need to paint. A dropped fetch of the chunk is
 * retried, as for every chunk loaded later than the first screen.
 */
export function loadPinning(): Promise<typeof import('./pinning')> {
  return importWhenOnline(() => import('./pinning'));
}
