import { useMemo, type RefObject } from 'react';
import type { AppDatabase } from '@/db/database';
import { toast } from '@/stores/toast-store';
import { THREAD_TOASTS } from '../constants';
import type { PostRow, Viewer } from '../model/types';
import { deletePost, editPost, markSolution, toggleLike } from '../model/writes';
import { validateReply } from '../validation';
import type { PostActions } from '../components/post-card';
import type { ReplyEditorHandle } from '../components/reply-editor';

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The post controls' handlers, kept as one object for as long as who is
 * looking and whose thread it is stay the same, so memoized post cards do not
 * re-render because of them.
 */
export function usePostActions(
  db: AppDatabase | null,
  viewer: Viewer,
  threadAuthorId: string | null,
  editor: RefObject<ReplyEditorHandle | null>,
): PostActions {
  const viewerId = viewer?.id ?? null;
  return useMemo<PostActions>(() => {
    const isThreadAuthor = viewerId !== null && viewerId === threadAuthorId;
    return {
      onLike: (post, liked) => {
        if (!viewerId) return void toast({ variant: 'destructive', ...THREAD_TOASTS.reactLogin });
        if (!db) return;
        toggleLike(db, viewerId, post.id, liked).catch((err) => toast({ variant: 'destructive', ...THREAD_TOASTS.reactionFailed(message(err)) }));
      },
      onQuote: (post, authorName) => {
        if (!viewerId) return void toast({ variant: 'destructive', ...THREAD_TOASTS.replyLogin });
        editor.current?.quote(post.id, authorName, post.content);
      },
      onSaveEdit: async (post, content) => {
        // The control shows to moderators too; only the author's save goes through, and the
        // moderator is told so (the editor stays open with their text) instead of losing it silently.
        if (!db || !viewerId) return true;
        if (viewerId !== post.user_id) {
          toast({ variant: 'destructive', ...THREAD_TOASTS.editNotAuthor });
          return false;
        }
        const result = validateReply(content);
        if (!result.ok) {
          toast({ variant: 'destructive', ...THREAD_TOASTS.emptyReply });
          return false;
        }
        if (result.value === post.content) return true;
        try {
          await editPost(db, post.id, result.value);
          return true;
        } catch (err) {
          toast({ variant: 'destructive', ...THREAD_TOASTS.updatePostFailed(message(err)) });
          return false;
        }
      },
      editDrafts: db && viewerId ? { db, memberId: viewerId } : null,
      onDelete: (post: PostRow) => {
        if (!db) return;
        deletePost(db, post.id).catch((err) => toast({ variant: 'destructive', ...THREAD_TOASTS.deletePostFailed(message(err)) }));
      },
      onMarkSolution: (post) => {
        if (!isThreadAuthor) return void toast({ variant: 'destructive', ...THREAD_TOASTS.solutionDenied });
        if (!db) return;
        markSolution(db, post.id).catch((err) => toast({ variant: 'destructive', ...THREAD_TOASTS.solutionFailed(message(err)) }));
      },
    };
  }, [db, viewerId, threadAuthorId, editor]);
}
