import type { DiscussionDoc } from '@/db/schemas/discussions';
import type { PostDoc } from '@/db/schemas/posts';
import type { ProfileDoc } from '@/db/schemas/profiles';
import type { AuthorProfile, DiscussionRow, PostRow } from './types';

/**
 * The rows this feature's screens render, from a document of the local store or a row the server sent in the
 * same shape: one mapping, so both render the same thing. Kept apart from the live queries, which need rxjs,
 * because a visitor's first screen reads the server with these before anything else loads.
 */

export function toDiscussionRow(doc: DiscussionDoc): DiscussionRow {
  return {
    id: doc.id,
    user_id: doc.user_id,
    title: doc.title,
    category: doc.category,
    is_pinned: doc.is_pinned,
    is_locked: doc.is_locked,
    created_at: doc.created_at,
    updated_at: doc.updated_at ?? doc.created_at,
    last_activity_at: doc.last_activity_at,
    post_count: doc.post_count,
    author_username: doc.author_username ?? null,
    author_display_name: doc.author_display_name ?? null,
    author_avatar_url: doc.author_avatar_url ?? null,
  };
}

export function toPostRow(doc: PostDoc): PostRow {
  return {
    id: doc.id,
    discussion_id: doc.discussion_id,
    user_id: doc.user_id,
    parent_post_id: doc.parent_post_id ?? null,
    quoted_post_id: doc.quoted_post_id ?? null,
    content: doc.content,
    created_at: doc.created_at,
    updated_at: doc.updated_at ?? doc.created_at,
    is_solution: doc.is_solution,
    reactions_summary: doc.reactions_summary ?? null,
  };
}

export function toAuthorProfile(d: Pick<ProfileDoc, 'id' | 'username' | 'display_name' | 'avatar_url' | 'role' | 'signature' | 'karma'>): AuthorProfile {
  return {
    id: d.id,
    username: d.username,
    display_name: d.display_name ?? null,
    avatar_url: d.avatar_url ?? null,
    role: d.role,
    signature: d.signature ?? null,
    karma: d.karma,
  };
}
