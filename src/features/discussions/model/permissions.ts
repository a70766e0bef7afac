import { MODERATOR_ROLES } from '../constants';
import type { DiscussionRow, PostRow, Viewer } from './types';

/**
 * Which controls a member sees. The database
 * enforces the same rules; these only decide what is shown.
 */
export function isModerator(viewer: Viewer): boolean {
  return viewer !== null && (MODERATOR_ROLES as readonly string[]).includes(viewer.role);
}

export type ThreadPermissions = {
  canReply: boolean;
  canEditTitle: boolean;
  canSaveTitle: boolean;
  canPin: boolean;
  canLock: boolean;
  canDeleteDiscussion: boolean;
};

export function threadPermissions(viewer: Viewer, discussion: DiscussionRow): ThreadPermissions {
  const mod = isModerator(viewer);
  const author = viewer !== null && viewer.id === discussion.user_id;
  return {
    canReply: viewer !== null && !discussion.is_locked,
    canEditTitle: author || mod,
    canSaveTitle: author,
    canPin: mod,
    canLock: mod || author,
    canDeleteDiscussion: mod || author,
  };
}

export type PostPermissions = {
  canQuote: boolean;
  canReact: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canMarkSolution: boolean;
  canFlag: boolean;
};

/**
 * `viewerPending`: a signed-in member's session is still being restored (the page just opened), so who is
 * looking, and which posts they liked, is not known yet.
 */
export function postPermissions(viewer: Viewer, discussion: DiscussionRow, post: PostRow, viewerPending = false): PostPermissions {
  const mod = isModerator(viewer);
  const own = viewer !== null && viewer.id === post.user_id;
  const locked = discussion.is_locked;
  return {
    canQuote: viewer !== null && !locked,
    // Guests see the like button; pressing it explains that logging in is needed. Until a member's session is
    // restored it waits: a tap then would be told to log in and dropped, or toggle a like the screen does not show yet.
    canReact: !viewerPending,
    // The edit control shows to those who manage the post; saving is the author's alone.
    canEdit: !locked && (own || mod),
    canDelete: own || mod,
    canMarkSolution: !locked && viewer !== null && viewer.id === discussion.user_id && !post.is_solution,
    canFlag: viewer !== null && !own,
  };
}
