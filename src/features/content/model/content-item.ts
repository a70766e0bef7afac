import type { UserContentDoc } from '@/db/schemas/user-content';

export type ContentItem = Pick<
  UserContentDoc,
  'id' | 'user_id' | 'title' | 'description' | 'type' | 'genre' | 'tags' | 'content_url' | 'cover_image_url' | 'is_public' | 'created_at'
>;
export type ContentOwner = { username: string; display_name: string | null; avatar_url: string | null };

/** Private items are for their owner only; the server's policy says the same, this guards a stale device copy. */
export function canView(item: Pick<ContentItem, 'is_public' | 'user_id'>, viewerId: string | null): boolean {
  return item.is_public || (viewerId !== null && item.user_id === viewerId);
}
