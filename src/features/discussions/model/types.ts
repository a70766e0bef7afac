/** Rows as they sit in the local store (supabase/DATA_MODEL.md), seen by this feature. */
export type DiscussionRow = {
  id: string;
  user_id: string;
  title: string;
  category: string;
  is_pinned: boolean;
  is_locked: boolean;
  created_at: string;
  updated_at: string;
  last_activity_at?: string | null;
  post_count: number;
  author_username: string | null;
  author_display_name: string | null;
  author_avatar_url: string | null;
};

export type PostRow = {
  id: string;
  discussion_id: string;
  user_id: string;
  parent_post_id: string | null;
  quoted_post_id: string | null;
  content: string;
  created_at: string;
  updated_at: string;
  is_solution: boolean;
  reactions_summary: Record<string, number> | null;
};

export type AuthorProfile = {
  id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  role: string;
  signature: string | null;
  karma: number;
};

/** The signed-in member as this feature needs them; roles come from the local profile. */
export type Viewer = { id: string; role: string; username: string; display_name: string | null } | null;

/** Where a local write stands in the outbox. */
export type OutboxState = { status: 'waiting' | 'sent' | 'rejected'; reason?: string };
