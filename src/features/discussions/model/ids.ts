import { v4 as uuidv4, v5 as uuidv5 } from 'uuid';
import { REACTION_LIKE } from '../constants';

/** Namespace of deterministic relation ids (supabase/DATA_MODEL.md). */
export const RELATION_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** Every device computes the same id for one member's like of one post, so toggling never duplicates. */
export function reactionId(postId: string, userId: string, reactionType: string = REACTION_LIKE): string {
  return uuidv5(`${postId}:${userId}:${reactionType}`, RELATION_NAMESPACE);
}

/** Client-generated row ids make a queued insert idempotent. */
export function newRowId(): string {
  return uuidv4();
}

export function replyDraftId(discussionId: string): string {
  return `reply:${discussionId}`;
}

export const NEW_DISCUSSION_DRAFT_ID = 'discussion:new';

/** The member's read record of a thread: the same id on every device and in the database's triggers. */
export function discussionReadId(userId: string, discussionId: string): string {
  return uuidv5(`read:${userId}:${discussionId}`, RELATION_NAMESPACE);
}
