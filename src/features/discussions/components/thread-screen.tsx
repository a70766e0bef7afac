import { Link, useNavigate } from '@tanstack/react-router';
import { AlertTriangle, Lock } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/document-title';
import { MEDIA_XL_UP } from '@/lib/shell-constants';
import { useMediaQuery } from '@/lib/use-media-query';
import { renderPostContent } from '@/lib/markdown';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { toast } from '@/stores/toast-store';
import { THREAD_TEXT, THREAD_TOASTS, UNREAD_TEXT } from '../constants';
import { useDatabase } from '@/db/hooks/use-database';
import type { SyncHandle } from '@/db/replication/sync';
import { useServerThread, useThreadSource } from '../hooks/use-server-thread';
import { useThreadData } from '../hooks/use-thread-data';
import { usePostActions } from '../hooks/use-post-actions';
import { useMarkRead } from '../hooks/use-mark-read';
import { useReadState } from '../hooks/use-read-state';
import { useThreadPresence } from '../hooks/use-thread-presence';
import { useViewer, type MemberInput } from '../hooks/use-viewer';
import { threadPermissions } from '../model/permissions';
import { effectiveLevel, firstUnreadIndex, postsUpTo } from '../model/read-state';
import type { PostRow } from '../model/types';
import { deleteDiscussion, saveReplyDraft, setLocked, setPinned, updateTitle } from '../model/writes';
import { POST_ANCHOR_PREFIX, titleEditOutcome } from '../validation';
import { LevelSelect } from './level-select';
import { NEW_POSTS_DIVIDER_ID, PostList } from './post-list';
import { RejectedReplies } from './rejected-replies';
import { ThreadAside } from './thread-aside';
import { ReplyEditor, type ReplyEditorHandle } from './reply-editor';
import { ThreadHeader, type ThreadTools } from './thread-header';

type ThreadScreenProps = {
  threadId: string;
  /** `?post=`: scroll to and highlight this post. */
  highlightPostId: string | null;
  member: MemberInput;
  /** The device holds a session that is still being restored: `member` is null, yet this is no visitor. */
  memberPending?: boolean;
  /** The running replication from the app's data provider. */
  sync: SyncHandle | null;
  /** Renders the header's share control (the route composes the share feature's dialog). */
  renderShare?: (share: { url: string; title: string; description: string; imageUrl: string | null }) => ReactNode;
  /** The 'Keep offline' control; shown only with a thread to keep, never on the not-found or error screens. */
  keepOffline?: ReactNode;
  /** More controls in each post's row of actions (a bookmark), composed by the route. */
  renderPostExtra?: (post: PostRow) => ReactNode;
  /** From a notification's Reply: text for the editor ('' focuses it), then `onReplyPrefilled` once it is in. */
  replyPrefill?: string;
  onReplyPrefilled?: () => void;
};

const HIGHLIGHT_MS = 4000;

const SHARE_DESCRIPTION_MAX = 200;

/** The thread's own address: a `?post=` the member arrived with is not part of what they share. */
function threadUrl(id: string): string {
  return `${window.location.origin}/discussions/thread/${id}`;
}

/** The opening post as plain text, short enough for a share preview. */
function shareDescription(content: string | undefined): string {
  if (!content) return '';
  // DOMParser builds an inert document: nothing in it loads or runs.
  const html = renderPostContent(content);
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > SHARE_DESCRIPTION_MAX ? `${text.slice(0, SHARE_DESCRIPTION_MAX - 1)}…` : text;
}

/** The thread's posts plus replies shown before the store has them (they are the newest, so they go last). */
function withUnstored(stored: PostRow[], unstored: PostRow[]): PostRow[] {
  if (unstored.length === 0) return stored;
  const ids = new Set(stored.map((p) => p.id));
  const extra = unstored.filter((p) => !ids.has(p.id));
  return extra.length === 0 ? stored : [...stored, ...extra];
}

/** 'Discussion not found.', a toast, and the way back to the hub in place of this page. */
function useNotFoundRedirect(notFound: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!notFound) return;
    toast({ variant: 'destructive', ...THREAD_TOASTS.notFoundToast });
    void navigate({ to: '/discussions', replace: true });
  }, [notFound, navigate]);
}

function ThreadNotFoundCard() {
  return (
    <Card className="mx-auto max-w-xl p-8 text-center" role="alert" data-testid="thread-not-found">
      <p className="font-semibold">{THREAD_TEXT.notFound}</p>
    </Card>
  );
}

/** A thread address whose id cannot name a discussion: not found at once, nothing asked of the store or the server. */
export function ThreadNotFound() {
  useNotFoundRedirect(true);
  return <ThreadNotFoundCard />;
}

/** The thread page, read from and written to the local store. */
export function ThreadScreen({
  threadId,
  highlightPostId,
  member,
  memberPending = false,
  sync,
  renderShare,
  keepOffline,
  renderPostExtra,
  replyPrefill,
  onReplyPrefilled,
}: ThreadScreenProps) {
  const navigate = useNavigate();
  const db = useDatabase();
  const { viewer } = useViewer(member);
  const online = useConnectivityStore((s) => s.online);
  // The side column only wide windows show is not built at all on a phone's first screen.
  const wide = useMediaQuery(MEDIA_XL_UP);
  const stored = useThreadData(threadId, viewer);
  // An empty device shows the server's copy of the thread until its store has caught up (not for a link to
  // one post: scrolling to it waits for the store's thread, whose height is final).
  const { data, fromServer, serverMissing } = useThreadSource(stored, useServerThread(threadId, highlightPostId === null));
  const discussion = data.discussion.value;
  const missingLocally = !data.discussion.loading && discussion === null;
  const verdict = useThreadPresence(sync, threadId, missingLocally, online);
  const editor = useRef<ReplyEditorHandle>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const scrolledTo = useRef<string | null>(null);
  useDocumentTitle(discussion?.title);
  // Replies just sent from this screen, shown in the click's frame while the store writes them.
  const [unstored, setUnstored] = useState<PostRow[]>([]);
  const storedPosts = data.posts.value;
  const posts = useMemo(() => withUnstored(storedPosts, unstored), [storedPosts, unstored]);
  useEffect(() => {
    // Once the store has a reply, its live row replaces the shown one (a later delete must not bring the copy back).
    const ids = new Set(storedPosts.map((p) => p.id));
    setUnstored((list) => (list.some((p) => ids.has(p.id)) ? list.filter((p) => !ids.has(p.id)) : list));
  }, [storedPosts]);
  const baseActions = usePostActions(db, viewer, discussion?.user_id ?? null, editor);
  const actions = useMemo(() => (renderPostExtra ? { ...baseActions, renderExtra: renderPostExtra } : baseActions), [baseActions, renderPostExtra]);
  const openingContent = data.posts.value[0]?.content;
  // The share preview's text renders the opening post a second time: only when a member shares (once per text).
  const describeOpening = useMemo(() => {
    let text: string | undefined;
    return () => (text ??= shareDescription(openingContent));
  }, [openingContent]);

  // Not found: when the server says so, or offline when this device does not have it (nothing else can tell).
  const notFound = serverMissing || (missingLocally && (verdict === 'missing' || !online));
  useNotFoundRedirect(notFound);
  useEffect(() => {
    if (missingLocally && verdict === 'failed') toast({ variant: 'destructive', ...THREAD_TOASTS.detailsFailed });
  }, [missingLocally, verdict]);
  useEffect(() => {
    if (data.posts.error) toast({ variant: 'destructive', ...THREAD_TOASTS.postsFailed });
  }, [data.posts.error]);

  // Where the viewer stopped last time, taken once as the thread opens: reading on moves the stored point,
  // not the divider.
  const reads = useReadState(viewer?.id ?? null);
  // Where it opens is taken then too: a reply arriving later moves the divider's index, never the open.
  const [opened, setOpened] = useState<{ threadId: string; lastReadAt: string | null; openAt: number } | null>(null);
  const postsReady = !data.discussion.loading && data.postsComplete && storedPosts.length > 0;
  // Not while a session is still being restored (offline, a reload): the viewer would count as a visitor with no
  // read point, and the thread would open at the top with no divider for good.
  const viewerPending = memberPending && viewer === null;
  if (reads.ready && postsReady && !viewerPending && opened?.threadId !== threadId) {
    const lastReadAt = reads.points.get(threadId)?.lastReadAt ?? null;
    setOpened({ threadId, lastReadAt, openAt: firstUnreadIndex(storedPosts, lastReadAt) });
  }
  const openedAt = opened?.threadId === threadId ? opened.lastReadAt : null;
  const firstUnread = useMemo(() => firstUnreadIndex(storedPosts, openedAt), [storedPosts, openedAt]);
  const firstUnreadId = firstUnread >= 0 ? storedPosts[firstUnread]!.id : null;
  const postsBox = useRef<HTMLDivElement>(null);

  const scrollToNew = useCallback(() => {
    const el = document.getElementById(NEW_POSTS_DIVIDER_ID);
    if (!el) return false;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
    return true;
  }, []);

  const scrollToPost = useCallback((postId: string) => {
    const el = document.getElementById(`${POST_ANCHOR_PREFIX}${postId}`);
    if (!el) return false;
    el.scrollIntoView({ behavior: 'smooth', block: 'center' });
    el.focus({ preventScroll: true });
    setHighlighted(postId);
    window.setTimeout(() => setHighlighted((h) => (h === postId ? null : h)), HIGHLIGHT_MS);
    return true;
  }, []);

  // ?post= scrolls to the post once the page around it has its final height: posts can reach the
  // store before the discussion (the page is a skeleton until then) and before their authors (a
  // post without its author is a one-line card that grows when the profile arrives, pushing the
  // target down after the scroll).
  // The list shows once its posts and their authors are read (no flash of incomplete cards), then stays.
  const [listShown, setListShown] = useState(false);
  if (!listShown && data.authorsReady) setListShown(true);
  const postsRendered = Boolean((db || fromServer) && !data.discussion.loading && discussion && listShown);
  const targetIndex = highlightPostId ? data.posts.value.findIndex((p) => p.id === highlightPostId) : -1;
  const settledUpToTarget = targetIndex >= 0 && data.posts.value.slice(0, targetIndex + 1).every((p) => data.profiles.has(p.user_id));
  useEffect(() => {
    if (!postsRendered || !settledUpToTarget || !highlightPostId || scrolledTo.current === highlightPostId) return;
    requestAnimationFrame(() => {
      if (scrollToPost(highlightPostId)) scrolledTo.current = highlightPostId;
    });
  }, [postsRendered, settledUpToTarget, highlightPostId, scrollToPost]);

  // Reading starts counting once the list is on screen and the opening read point is taken.
  const markRead = reads.markRead;
  useMarkRead(postsBox, storedPosts, opened?.threadId === threadId && !fromServer && listShown, (at) => markRead(threadId, at, postsUpTo(storedPosts, at)));

  // A thread opens at its first unread post, unless a link names a post of its own.
  const scrolledToNew = useRef<string | null>(null);
  useEffect(() => {
    if (highlightPostId || !firstUnreadId || scrolledToNew.current === threadId || !listShown) return;
    requestAnimationFrame(() => {
      if (scrollToNew()) scrolledToNew.current = threadId;
    });
  }, [highlightPostId, firstUnreadId, threadId, listShown, scrollToNew]);

  if (data.discussion.error) {
    return (
      <Card className="mx-auto max-w-xl p-8 text-center" role="alert">
        <AlertTriangle className="mx-auto mb-2 size-10 text-destructive" aria-hidden />
        <p>{THREAD_TOASTS.detailsFailed.description}</p>
      </Card>
    );
  }

  if (!serverMissing && ((!db && !fromServer) || data.discussion.loading || (missingLocally && (verdict === 'checking' || verdict === 'exists')))) {
    return (
      <div className="mx-auto w-full max-w-4xl space-y-4" aria-busy="true" aria-label={THREAD_TEXT.loading}>
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }

  if (!discussion) {
    if (notFound) return <ThreadNotFoundCard />;
    // The server could not be asked (its answer failed): say so, with the way back.
    return (
      <Card className="mx-auto max-w-xl space-y-3 p-8 text-center" role="alert" data-testid="thread-failed">
        <AlertTriangle className="mx-auto size-10 text-destructive" aria-hidden />
        <p>{THREAD_TOASTS.detailsFailed.description}</p>
        <Button asChild variant="outline">
          <Link to="/discussions">{THREAD_TEXT.back}</Link>
        </Button>
      </Card>
    );
  }

  const perms = threadPermissions(viewer, discussion);

  const tools: ThreadTools = {
    onSaveTitle: (draft) => {
      // The server's copy shows on an empty device until the store opens; the tools act on the store.
      if (!db) return;
      const outcome = titleEditOutcome(discussion.title, draft);
      if (outcome.action === 'close') return;
      if (!perms.canSaveTitle) {
        toast({ variant: 'destructive', ...THREAD_TOASTS.titleFailed });
        return;
      }
      updateTitle(db, discussion.id, outcome.title).catch(() => toast({ variant: 'destructive', ...THREAD_TOASTS.titleFailed }));
    },
    onTogglePin: () => {
      if (!db) return;
      if (!perms.canPin) return void toast({ variant: 'destructive', ...THREAD_TOASTS.pinDenied });
      setPinned(db, discussion.id, !discussion.is_pinned).catch(() => toast({ variant: 'destructive', ...THREAD_TOASTS.pinFailed }));
    },
    onToggleLock: () => {
      if (!db) return;
      if (!perms.canLock) return void toast({ variant: 'destructive', ...THREAD_TOASTS.lockDenied });
      setLocked(db, discussion.id, !discussion.is_locked).catch(() => toast({ variant: 'destructive', ...THREAD_TOASTS.lockFailed }));
    },
    onDelete: () => {
      if (!db) return;
      if (!perms.canDeleteDiscussion) return void toast({ variant: 'destructive', ...THREAD_TOASTS.deleteDiscussionDenied });
      deleteDiscussion(db, discussion.id)
        .then(() => navigate({ to: '/discussions' }))
        .catch(() => toast({ variant: 'destructive', ...THREAD_TOASTS.deleteDiscussionFailed }));
    },
  };

  return (
    // Wide screens keep the posts a readable column and put the thread's facts beside them.
    <div className="mx-auto w-full max-w-4xl xl:grid xl:max-w-none xl:grid-cols-[minmax(0,1fr)_16rem] xl:items-start xl:gap-6" data-testid="thread-page">
      <div className="min-w-0 xl:max-w-3xl">
        {keepOffline || viewer ? (
          <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
            {viewer ? (
              <LevelSelect
                id="thread-level"
                testId="thread-level"
                label={UNREAD_TEXT.levelLabel}
                value={effectiveLevel(discussion, reads.points.get(discussion.id), reads.categories, viewer.id)}
                onChange={(level) => reads.setLevel(discussion.id, level)}
              />
            ) : (
              <span />
            )}
            {keepOffline}
          </div>
        ) : null}
        <ThreadHeader
          key={discussion.id}
          discussion={discussion}
          permissions={perms}
          outbox={data.discussionOutbox}
          tools={tools}
          share={renderShare?.({
            url: threadUrl(discussion.id),
            title: discussion.title,
            // Read when a link or the device's share sheet is built, not as the page renders.
            get description() {
              return describeOpening();
            },
            imageUrl: null,
          })}
        />

        {firstUnreadId ? (
          <Button variant="outline" size="sm" className="mb-3" data-testid="jump-to-new" onClick={() => scrollToNew()}>
            {UNREAD_TEXT.jumpToNew}
          </Button>
        ) : null}
        {listShown ? (
          <div data-testid="thread-posts" ref={postsBox}>
            <PostList
              posts={posts}
              data={data}
              viewer={viewer}
              viewerPending={viewerPending}
              discussion={discussion}
              targetIndex={Math.max(targetIndex, firstUnread)}
              // A link to a post scrolls there smoothly: everything above it is rendered first instead.
              openAt={highlightPostId || opened?.threadId !== threadId ? -1 : opened.openAt}
              highlighted={highlighted}
              actions={actions}
              dividerBeforeId={firstUnreadId}
            />
          </div>
        ) : (
          <div className="space-y-4" aria-busy="true" aria-label={THREAD_TEXT.loading} data-testid="posts-loading">
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        )}

        <section className="mt-8">
          {viewer && db && data.rejected.length > 0 ? (
            <RejectedReplies
              db={db}
              drafts={data.rejected}
              onRestore={
                discussion.is_locked
                  ? null
                  : async (content, quoted) => {
                      editor.current?.restore(content, quoted);
                      await saveReplyDraft(db, viewer.id, discussion.id, content, quoted);
                    }
              }
            />
          ) : null}
          {discussion.is_locked ? (
            <Card className="flex items-center gap-3 p-4 text-muted-foreground" role="status" data-testid="locked-notice">
              <Lock className="size-5 shrink-0" aria-hidden />
              {THREAD_TEXT.locked}
            </Card>
          ) : viewer && !db ? (
            // The editor writes to the store: its place is kept while the store opens.
            <Card className="p-4">
              <Skeleton className="h-40 w-full" />
            </Card>
          ) : viewer && db ? (
            <Card className="p-4">
              <ReplyEditor
                ref={editor}
                db={db}
                discussionId={discussion.id}
                memberId={viewer.id}
                prefill={replyPrefill}
                onPrefilled={onReplyPrefilled}
                onPosted={(reply, stored) => {
                  setUnstored((list) => [...list, reply]);
                  stored.then(
                    () => requestAnimationFrame(() => scrollToPost(reply.id)),
                    () => setUnstored((list) => list.filter((p) => p.id !== reply.id)),
                  );
                }}
              />
            </Card>
          ) : (
            <Card className="space-y-3 p-6 text-center" data-testid="guest-prompt">
              <h2 className="text-lg font-semibold">{THREAD_TEXT.guestPrompt}</h2>
              <p className="text-muted-foreground">{THREAD_TEXT.guestHint}</p>
              <div className="flex justify-center gap-2">
                <Button asChild>
                  <Link to="/login" search={{ from: `/discussions/thread/${discussion.id}` }}>
                    {THREAD_TEXT.login}
                  </Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/signup" search={{ from: `/discussions/thread/${discussion.id}` }}>
                    {THREAD_TEXT.signup}
                  </Link>
                </Button>
              </div>
            </Card>
          )}
        </section>
      </div>
      {wide ? <ThreadAside discussion={discussion} posts={posts} profiles={data.profiles} /> : null}
    </div>
  );
}
