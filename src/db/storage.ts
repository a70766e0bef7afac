import { clearPrivateDeviceData } from '@/lib/device-storage';
import { forgetLaunchMarkup } from '@/lib/launch-markup';
import { COLLECTION_DEFINITIONS, type CollectionName } from './collections';
import type { AppDatabase } from './database';
import { resetDatabaseSingleton } from './database';

export interface StorageUsage {
  /** bytes used by this origin, when the browser tells (navigator.storage.estimate) */
  usageBytes: number | null;
  quotaBytes: number | null;
  documents: Record<CollectionName, number>;
  totalDocuments: number;
}

/** What the device holds, for the settings screen. */
export async function getStorageUsage(db: AppDatabase): Promise<StorageUsage> {
  const names = Object.keys(COLLECTION_DEFINITIONS) as CollectionName[];
  const counts = await Promise.all(names.map((name) => db[name].count().exec()));
  const documents = Object.fromEntries(names.map((name, i) => [name, counts[i]])) as Record<CollectionName, number>;
  let usageBytes: number | null = null;
  let quotaBytes: number | null = null;
  if (typeof navigator !== 'undefined' && navigator.storage?.estimate) {
    const estimate = await navigator.storage.estimate();
    usageBytes = estimate.usage ?? null;
    quotaBytes = estimate.quota ?? null;
  }
  return { usageBytes, quotaBytes, documents, totalDocuments: counts.reduce((a, b) => a + b, 0) };
}

/**
 * Removes the whole local database (documents, drafts, replication state),
 * the launch snapshots of what screens last showed and unsent form drafts.
 * Stop replication first; the app then creates a fresh database with
 * getDatabase() and pulls again.
 */
export async function clearLocalData(db: AppDatabase): Promise<void> {
  await db.remove();
  clearPrivateDeviceData();
  await forgetLaunchMarkup();
  resetDatabaseSingleton();
}
