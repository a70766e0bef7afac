import type { AppDatabase } from '@/db/database';
import { clearDraft as removeDraft, saveDraft } from '@/db/drafts';
import { mutate, mutateAll } from '@/db/mutate';
import { REACTION_LIKE } from '../constants';
import type { NewDiscussion, NewDiscussionInput } from '../validation';
import { isBlankDiscussionDraft } from './drafts';
import { NEW_DISCUSSION_DRAFT_KEY, newDiscussionDraftId, newRowId, postEditDraftId, reactionId, replyDraftId } from './ids';
import type { PostRow, Viewer } from './types';

/**
 * Local writes of this feature. Each one lands in RxDB at once (the screen
 * shows it immediately, online or offline) and replication pushes it; the
 * database's triggers and policies decide for good.
 */

type Member = NonNullable<Viewer> & { avatar_url?: string | null };

function now(): string {
  return new Date().toISOString();
}

/**
 * The discussion header and its first post, written together; both are held
 * on the device in the click's own task, so leaving at once loses neither.
 */
export async function createDiscussion(db: AppDatabase, member: Member, input: NewDiscussion): Promise<{ discussionId: string; postId: string }> {
  const discussionId = newRowId();
  const postId = newRowId();
  const at = now();
  await mutateAll(db, [
    {
      op: 'insert',
      collection: 'discussions',
      doc: {
        id: discussionId,
        user_id: member.id,
        title: input.title,
        category: input.category,
        is_pinned: false,
        is_locked: false,
        created_at: at,
        updated_at: at,
        last_activity_at: at,
        post_count: 1,
        author_username: member.username,
        author_display_name: member.display_name,
        author_avatar_url: member.avatar_url ?? null,
      },
    },
    {
      op: 'insert',
      collection: 'posts',
      doc: {
        id: postId,
        discussion_id: discussionId,
        user_id: member.id,
        parent_post_id: null,
        quoted_post_id: null,
        content: input.content,
        created_at: at,
        updated_at: at,
        is_solution: false,
        reactions_summary: {},
      },
    },
  ]);
  return { discussionId, postId };
}

/**
 * A reply row as it will be stored, content already trimmed and
 * validated. Built before anything is written so the thread can show it in the
 * same frame as the click, whatever the store takes to persist it.
 */
export function newReply(memberId: string, discussionId: string, content: string, quotedPostId: string | null): PostRow {
  const at = now();
  return {
    id: newRowId(),
    discussion_id: discussionId,
    user_id: memberId,
    parent_post_id: null,
    quoted_post_id: quotedPostId,
    content,
    created_at: at,
    updated_at: at,
    is_solution: false,
    reactions_summary: {},
  };
}

/**
 * Stores a reply built by newReply; replication sends it (now, or after
 * reconnecting). The screen shows the reply before IndexedDB has it, so it is
 * first held synchronously on the device: leaving the page before the write
 * commits cannot lose it (the store writes it when it next opens).
 */
export async function insertReply(db: AppDatabase, reply: PostRow): Promise<void> {
  await mutate(db, { op: 'insert', collection: 'posts', doc: { ...reply, reactions_summary: reply.reactions_summary ?? {} } });
}

/**
 * Held on the device before this function first waits (so in the click's own
 * task): the screen shows the change at once, and leaving the page before
 * IndexedDB commits it must not lose it.
 */
function patchHeld(db: AppDatabase, collection: 'posts' | 'discussions', id: string, patch: Record<string, unknown>, missing: string): Promise<void> {
  return mutate(db, { op: 'update', collection, id, patch, missing });
}

export function editPost(db: AppDatabase, postId: string, content: string): Promise<void> {
  return patchHeld(db, 'posts', postId, { content, updated_at: now() }, 'This post no longer exists.');
}

/**
 * A soft delete replication carries (`_deleted`), held on the device like a
 * patch: the screen drops the row at once, and leaving the page before
 * IndexedDB commits the removal must not bring it back.
 */
function removeHeld(db: AppDatabase, collection: 'posts' | 'discussions' | 'reactions', id: string): Promise<void> {
  return mutate(db, { op: 'delete', collection, id });
}

export function deletePost(db: AppDatabase, postId: string): Promise<void> {
  return removeHeld(db, 'posts', postId);
}

export function markSolution(db: AppDatabase, postId: string): Promise<void> {
  return patchHeld(db, 'posts', postId, { is_solution: true }, 'This post no longer exists.');
}

/**
 * Like or unlike, from what the screen shows (`liked`), so the intent is held
 * on the device in the click's own task, before anything waits. The row id is
 * the same on every device, so toggling flips `_deleted` on one row instead
 * of creating duplicates. Returns whether the member now likes the post.
 */
export async function toggleLike(db: AppDatabase, memberId: string, postId: string, liked: boolean): Promise<boolean> {
  const id = reactionId(postId, memberId, REACTION_LIKE);
  if (liked) {
    await removeHeld(db, 'reactions', id);
    return false;
  }
  // RxDB lets a removed document be inserted again under the same id; a live one is already liked.
  await mutate(db, {
    op: 'insert',
    collection: 'reactions',
    doc: { id, post_id: postId, user_id: memberId, reaction_type: REACTION_LIKE, created_at: now() },
    revive: true,
  });
  return true;
}

function patchDiscussion(
  db: AppDatabase,
  discussionId: string,
  patch: Partial<{ title: string; updated_at: string; is_pinned: boolean; is_locked: boolean }>,
): Promise<void> {
  return patchHeld(db, 'discussions', discussionId, patch, 'This discussion no longer exists.');
}

export function updateTitle(db: AppDatabase, discussionId: string, title: string): Promise<void> {
  return patchDiscussion(db, discussionId, { title, updated_at: now() });
}

export function setPinned(db: AppDatabase, discussionId: string, isPinned: boolean): Promise<void> {
  return patchDiscussion(db, discussionId, { is_pinned: isPinned });
}

export function setLocked(db: AppDatabase, discussionId: string, isLocked: boolean): Promise<void> {
  return patchDiscussion(db, discussionId, { is_locked: isLocked });
}

/** Soft-deletes the discussion; the server soft-deletes its posts. */
export function deleteDiscussion(db: AppDatabase, discussionId: string): Promise<void> {
  return removeHeld(db, 'discussions', discussionId);
}

/** Saves what the member is typing so a reload or restart gives it back. */
export async function saveReplyDraft(db: AppDatabase, memberId: string, discussionId: string, content: string, quotedPostId: string | null): Promise<void> {
  const id = replyDraftId(memberId, discussionId);
  if (content.trim() === '' && quotedPostId === null) return clearDraft(db, id);
  await saveDraft(db, {
    id,
    kind: 'reply',
    key: discussionId,
    content,
    fields: { quoted_post_id: quotedPostId },
    user_id: memberId,
    updated_at: now(),
  });
}

/** The create-discussion dialog's fields, saved (and synced to the member's other devices) like a reply draft. */
export async function saveDiscussionDraft(db: AppDatabase, memberId: string, input: NewDiscussionInput): Promise<void> {
  const id = newDiscussionDraftId(memberId);
  if (isBlankDiscussionDraft(input)) return clearDraft(db, id);
  await saveDraft(db, {
    id,
    kind: 'discussion',
    key: NEW_DISCUSSION_DRAFT_KEY,
    content: input.content,
    fields: { title: input.title, category: input.category, custom_category: input.customCategory },
    user_id: memberId,
    updated_at: now(),
  });
}

/** An edit in progress: kept while it differs from the post (an edit back to the post's text, or to nothing, keeps no draft). */
export async function savePostEditDraft(db: AppDatabase, memberId: string, postId: string, content: string, original: string): Promise<void> {
  const id = postEditDraftId(memberId, postId);
  if (content === original || content.trim() === '') return clearDraft(db, id);
  await saveDraft(db, { id, kind: 'post_edit', key: postId, content, fields: {}, user_id: memberId, updated_at: now() });
}

export function clearDraft(db: AppDatabase, id: string): Promise<void> {
  return removeDraft(db, id);
}
