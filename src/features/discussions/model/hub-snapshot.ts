import * as z from 'zod/mini';
import { readLaunchSnapshot, writeLaunchSnapshot } from '@/launch/launch-snapshot';
import type { HubPage } from './hub-query';
import type { DiscussionRow } from './types';

/** The hub's path: its default view (no search, every category, last activity, page 1) is what a launch snapshot holds. */
export const HUB_PATH = '/discussions';

const nullableString = z.nullable(z.string());

const discussionRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  title: z.string(),
  category: z.string(),
  is_pinned: z.boolean(),
  is_locked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_activity_at: z.string(),
  post_count: z.number(),
  author_username: nullableString,
  author_display_name: nullableString,
  author_avatar_url: nullableString,
}) satisfies z.ZodMiniType<DiscussionRow>;

const hubSnapshotSchema = z.object({
  page: z.object({
    items: z.array(discussionRowSchema),
    total: z.number(),
    page: z.number(),
    totalPages: z.number(),
  }),
  categories: z.array(z.string()),
});

/** The first page of the hub's default view and the category filter's options, as last shown. */
export type HubSnapshot = { page: HubPage; categories: string[] };

export function readHubSnapshot(): HubSnapshot | null {
  return readLaunchSnapshot(HUB_PATH, (value) => {
    const parsed = hubSnapshotSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
}

export function writeHubSnapshot(snapshot: HubSnapshot): void {
  writeLaunchSnapshot(HUB_PATH, snapshot);
}
