import { createFileRoute, useLocation } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useAppData } from '@/app/data/data-context';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { BookmarkButton } from '@/features/bookmarks/components/bookmark-button';
import { KeepOfflineButton } from '@/features/offline/components/keep-offline-button';
import { ThreadNotFound, ThreadScreen } from '@/features/discussions/components/thread-screen';
import { serverThread, threadReadsServerFirst } from '@/features/discussions/model/server-thread';
import { postIdFromHash, postIdFromSearch, threadIdFromParams } from '@/features/discussions/validation';
import { PushReplyOffer } from '@/features/push/components/push-reply-offer';
import { ShareDialog } from '@/features/share/components/share-dialog';
import type { ShareData } from '@/features/share/model/share-links';
import { threadSearchSchema } from '@/lib/route-search';

export const Route = createFileRoute('/discussions/thread/$threadId')({
  staticData: { title: 'Discussion' },
  validateSearch: threadSearchSchema,
  // The thread's posts are read while the router renders the way there, not after the screen mounted. Imported
  // here, not at the top: route options outside the component are in the entry, and the read's code is not needed there.
  loader: ({ params, context, location }) => {
    const threadId = threadIdFromParams(params.threadId);
    if (!threadId) return;
    // An empty device reads the thread from the server meanwhile: the screen shows that copy until its store has it
    // (a link to one post excepted: the screen scrolls to it in the store's thread).
    // Imported at the top (about 1 KB in the entry): a chunk fetched first would delay the read by a round trip.
    const toOnePost = Boolean((location.search as { post?: unknown }).post) || postIdFromHash(location.hash) !== null;
    if (!toOnePost && threadReadsServerFirst(threadId)) serverThread(threadId).catch(() => undefined);
    void import('@/features/discussions/model/thread-view').then(({ warmThread }) => warmThread(threadId, context.auth.user?.id ?? null));
    // Markdown's first use is paid in small tasks while the read travels, instead of in idle moments after it.
    void import('@/lib/markdown').then((markdown) => markdown.warmUpMarkdown('post'));
  },
  component: ThreadRoute,
});

// Module-level so the screen sees one stable renderer across renders.
function renderShare(data: ShareData) {
  return <ShareDialog data={data} />;
}

function ThreadRoute() {
  const threadId = threadIdFromParams(Route.useParams().threadId);
  return threadId ? <ValidThreadRoute threadId={threadId} /> : <ThreadNotFound />;
}

function ValidThreadRoute({ threadId }: { threadId: string }) {
  const { post, reply } = Route.useSearch();
  // A `#post-<id>` link scrolls to its post as `?post=` does: the post may render after the first screen.
  const hash = useLocation({ select: (l) => l.hash });
  const navigate = Route.useNavigate();
  // Once the notification's text is in the editor its draft keeps it; the URL no longer needs to carry it.
  const onReplyPrefilled = useCallback(() => void navigate({ search: { post }, replace: true }), [navigate, post]);
  const { user, loading } = useAuth();
  const { sync } = useAppData();
  const userId = user?.id ?? null;
  // Each post's row of actions offers a bookmark to a member (the bookmarks feature's control).
  const renderPostExtra = useMemo(
    () =>
      userId
        ? (post: { id: string }) => <BookmarkButton compact userId={userId} type="post" entityId={post.id} discussionId={threadId} sync={sync} />
        : undefined,
    [userId, threadId, sync],
  );
  const member = user ? { id: user.id, role: user.role, username: user.username, display_name: user.display_name, avatar_url: user.avatar_url } : null;
  return (
    <>
      <ThreadScreen
        key={threadId}
        threadId={threadId}
        highlightPostId={postIdFromSearch(post) ?? postIdFromHash(hash)}
        member={member}
        memberPending={!user && loading}
        sync={sync}
        renderShare={renderShare}
        renderPostExtra={renderPostExtra}
        keepOffline={
          <div className="flex flex-wrap justify-end gap-2">
            {user ? <BookmarkButton userId={user.id} type="discussion" entityId={threadId} sync={sync} /> : null}
            <KeepOfflineButton sync={sync} type="discussion" entityId={threadId} />
          </div>
        }
        replyPrefill={reply}
        onReplyPrefilled={onReplyPrefilled}
      />
      <div className="mx-auto w-full max-w-4xl">
        <PushReplyOffer key={threadId} userId={user?.id ?? null} threadId={threadId} />
      </div>
    </>
  );
}
