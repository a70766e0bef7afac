import * as z from 'zod/mini';
import { discussionsSchema } from '@/db/schemas/discussions';
import { hasEveryColumn } from '@/db/schemas/every-column';
import { readLaunchSnapshot, writeLaunchSnapshot } from '@/launch/launch-snapshot';
import type { HubPage } from './hub-query';
import type { DiscussionRow } from './types';

/** The hub's path: its default view (no search, every category, last activity, page 1) is what a launch snapshot holds. */
export const HUB_PATH = '/discussions';

// Built on first use, not as the module loads: the hub's path is wanted while the entry evaluates, the check only
// once a snapshot is read.
let hubSnapshotSchema: ReturnType<typeof buildHubSnapshotSchema> | undefined;

function buildHubSnapshotSchema() {
  // The hub renders every column the discussions declaration names: a snapshot is checked against that list.
  const discussionRowSchema = z.custom<DiscussionRow>(
    (value) => hasEveryColumn(discussionsSchema, value) && typeof (value as DiscussionRow).updated_at === 'string',
  );
  return z.object({
    page: z.object({
      items: z.array(discussionRowSchema),
      total: z.number(),
      page: z.number(),
      totalPages: z.number(),
    }),
    categories: z.array(z.string()),
  });
}

/** The first page of the hub's default view and the category filter's options, as last shown. */
export type HubSnapshot = { page: HubPage; categories: string[] };

export function readHubSnapshot(): HubSnapshot | null {
  return readLaunchSnapshot(HUB_PATH, (value) => {
    const parsed = (hubSnapshotSchema ??= buildHubSnapshotSchema()).safeParse(value);
    return parsed.success ? parsed.data : null;
  });
}

export function writeHubSnapshot(snapshot: HubSnapshot): void {
  writeLaunchSnapshot(HUB_PATH, snapshot);
}
