import { discussionsSchema, type DiscussionDoc } from '@/db/schemas/discussions';
import { withEveryColumn } from '@/db/schemas/every-column';
import { postsSchema, type PostDoc } from '@/db/schemas/posts';
import type { ProfileDoc } from '@/db/schemas/profiles';
import type { AuthorProfile, DiscussionRow, PostRow } from './types';

/**
 * The rows this feature's screens render, from a document of the local store or a row the server sent in the
 * same shape: one mapping, so both render the same thing. Kept apart from the live queries, which need rxjs,
 * because a visitor's first screen reads the server with these before anything else loads.
 */

export function toDiscussionRow(doc: DiscussionDoc): DiscussionRow {
  return { ...withEveryColumn(discussionsSchema, doc), updated_at: doc.updated_at ?? doc.created_at };
}

export function toPostRow(doc: PostDoc): PostRow {
  return { ...withEveryColumn(postsSchema, doc), updated_at: doc.updated_at ?? doc.created_at };
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
