import type { EveryColumn } from '@/db/schemas/every-column';
import type { DiscussionDoc } from '@/db/schemas/discussions';
import type { PostDoc } from '@/db/schemas/posts';
import type { ProfileDoc } from '@/db/schemas/profiles';

/**
 * A stored document as the screens render it, from the local store or the server's row alike: every column
 * present (null where the document has none), and `updated_at` the creation time of what was never edited.
 */
type Rendered<Doc extends { updated_at?: string | null }> = Omit<EveryColumn<Doc>, 'updated_at'> & { updated_at: string };

export type DiscussionRow = Rendered<DiscussionDoc>;

export type PostRow = Rendered<PostDoc>;

/** A post's author as the thread shows them; an embedded author the server sends may lack a display name. */
export type AuthorProfile = Pick<ProfileDoc, 'id' | 'username' | 'role' | 'karma'> & {
  display_name: string | null;
  avatar_url: string | null;
  signature: string | null;
};

/** The signed-in member as this feature needs them; roles come from the local profile. */
export type Viewer = { id: string; role: string; username: string; display_name: string | null } | null;

/** Where a local write stands in the outbox. */
export type OutboxState = { status: 'waiting' | 'sent' | 'rejected'; reason?: string };
