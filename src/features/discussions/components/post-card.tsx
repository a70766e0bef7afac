import { CheckCircle2, Flag, Pencil, Quote, ThumbsUp, Trash2 } from 'lucide-react';
import { Lexer } from 'marked';
import { useNavigate } from '@tanstack/react-router';
import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { shallow } from 'zustand/vanilla/shallow';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmbedCard } from '@/components/embed-card';
import { renderPostContent } from '@/lib/markdown';
import { mentionedUsernames } from '@/lib/mentions';
import { cn } from '@/lib/utils';
import { QUOTE_PREVIEW_LINES, REACTION_LIKE, THREAD_TEXT } from '../constants';
import { POST_ANCHOR_PREFIX } from '../validation';
import { useKnownMembers } from '../hooks/use-known-members';
import type { PostPermissions } from '../model/permissions';
import { decoratePost } from '../model/post-decorations';
import type { AuthorProfile, OutboxState, PostRow } from '../model/types';
import { AuthorCard, Signature } from './author-card';
import { InlineTracks } from './inline-tracks';
import { OutboxStatus } from './outbox-status';
import { PostEditForm, type EditDraftStore } from './post-edit-form';
import { RelativeTime } from './relative-time';

export type QuotedPreview = { post: PostRow; author: AuthorProfile | null } | null;

export type PostActions = {
  /** `liked`: whether the screen showed the post liked when the member tapped. */
  onLike: (post: PostRow, liked: boolean) => void;
  onQuote: (post: PostRow, authorName: string) => void;
  onSaveEdit: (post: PostRow, content: string) => Promise<boolean>;
  /** Where edits keep their drafts; null until the store is open (editing waits for it: an edit is a write to it). */
  editDrafts: EditDraftStore | null;
  onDelete: (post: PostRow) => void;
  onMarkSolution: (post: PostRow) => void;
  /** Controls other features add to each post's row of actions (the route composes them: bookmarks). */
  renderExtra?: (post: PostRow) => ReactNode;
};

type PostCardProps = {
  post: PostRow;
  author: AuthorProfile | null;
  /** undefined: the post quotes nothing; null: it quotes a post that is not available. */
  quoted: QuotedPreview | undefined;
  liked: boolean;
  likeCount: number;
  permissions: PostPermissions;
  outbox: OutboxState | undefined;
  highlighted: boolean;
  actions: PostActions;
  /**
   * Below the first screen (and below any post the page scrolls to): the browser lays the card out and paints it
   * only when it nears the viewport. Its text stays in the page (find in page, anchors, screen readers).
   */
  deferLayout?: boolean;
};

/**
 * Off-screen cards skip layout and paint, holding an estimated height until first shown and their real one after
 * (`auto`), so the scrollbar does not jump and nothing on screen moves.
 */
const DEFERRED_LAYOUT = '[content-visibility:auto] [contain-intrinsic-size:auto_12rem]';

function PostContent({ content }: { content: string }) {
  const html = useMemo(() => renderPostContent(content), [content]);
  const names = useMemo(() => mentionedUsernames(content), [content]);
  const members = useKnownMembers(names);
  const decorated = useMemo(() => decoratePost(html, (u) => members.has(u), window.location.origin), [html, members]);
  const box = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  // A mention opens the profile inside the app, as any link of its own does (a new tab still works with a modifier).
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const open = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('a[data-mention]');
      if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      void navigate({ to: '/profile/$username', params: { username: link.getAttribute('data-mention') ?? '' } });
    };
    el.addEventListener('click', open);
    return () => el.removeEventListener('click', open);
  }, [navigate]);

  return (
    <>
      <div
        ref={box}
        className="member-html prose-post break-words text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_iframe]:max-w-full [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-6"
        data-testid="post-content"
        // Rendered through marked and DOMPurify with the post allow-list; member-html keeps it in its box.
        dangerouslySetInnerHTML={{ __html: decorated.html }}
      />
      {decorated.players.map(({ embed, title }) => (
        <EmbedCard key={embed.pageUrl} embed={embed} title={title} />
      ))}
      {decorated.trackIds.length > 0 ? <InlineTracks ids={decorated.trackIds} /> : null}
    </>
  );
}

/**
 * A quote reply's text starts with the quoted words as a markdown quote. The
 * card shows them once, in its quote preview; kept in the body they showed
 * twice, and stayed in full after the quoted post was deleted.
 */
export function withoutLeadingQuote(content: string): string {
  const tokens = Lexer.lex(content, { gfm: true, breaks: true });
  let cut = 0;
  for (const token of tokens) {
    if (token.type === 'space') cut += token.raw.length;
    else if (token.type === 'blockquote') return content.slice(cut + token.raw.length).trimStart() || content;
    else break;
  }
  return content;
}

function QuoteBlock({ quoted }: { quoted: QuotedPreview }) {
  // A quote shows words only: a quoted player's frame is left out, so it never loads before anyone asks.
  const html = useMemo(() => (quoted ? decoratePost(renderPostContent(quoted.post.content), () => false, window.location.origin).html : ''), [quoted]);
  if (!quoted) {
    return (
      <div className="mb-3 rounded border-l-4 border-muted bg-muted/40 p-2 text-sm italic text-muted-foreground" data-testid="quote-preview">
        {THREAD_TEXT.quoteUnavailable}
      </div>
    );
  }
  const name = quoted.author ? quoted.author.display_name || quoted.author.username : '';
  return (
    <figure className="mb-3 rounded border-l-4 border-primary/60 bg-muted/40 p-2 text-sm" data-testid="quote-preview">
      {name ? (
        <figcaption className="mb-1 text-xs font-semibold">
          {name} {THREAD_TEXT.wrote}
        </figcaption>
      ) : null}
      <div
        className="member-html overflow-hidden text-muted-foreground"
        style={{ display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: QUOTE_PREVIEW_LINES }}
        data-testid="quote-text"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </figure>
  );
}

function PostCardView({ post, author, quoted, liked, likeCount, permissions, outbox, highlighted, actions, deferLayout = false }: PostCardProps) {
  const [editing, setEditing] = useState(false);

  if (!author) {
    return (
      <Card id={`${POST_ANCHOR_PREFIX}${post.id}`} className="p-4 text-sm text-destructive" data-testid="post" role="alert">
        {THREAD_TEXT.postIncomplete}
      </Card>
    );
  }
  const authorName = author.display_name || author.username;
  const edited = post.updated_at !== post.created_at;

  return (
    <Card
      id={`${POST_ANCHOR_PREFIX}${post.id}`}
      data-testid="post"
      data-post-id={post.id}
      data-solution={post.is_solution || undefined}
      data-highlighted={highlighted || undefined}
      tabIndex={-1}
      className={cn(
        'flex scroll-mt-24 flex-col gap-2 p-3 transition-shadow sm:flex-row sm:gap-4 sm:p-4',
        deferLayout && DEFERRED_LAYOUT,
        post.is_solution && 'border-2 border-green-500 bg-green-500/5',
        highlighted && 'ring-4 ring-primary ring-offset-2 ring-offset-background',
      )}
    >
      <AuthorCard author={author} />
      <div className="min-w-0 flex-1">
        <div className="mb-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <RelativeTime iso={post.created_at} />
          {edited ? (
            <span>
              (edited <RelativeTime iso={post.updated_at} />)
            </span>
          ) : null}
          {post.is_solution ? (
            <Badge className="bg-green-600 text-white hover:bg-green-600">
              <CheckCircle2 className="mr-1 size-3" aria-hidden />
              {THREAD_TEXT.solution}
            </Badge>
          ) : null}
          <OutboxStatus state={outbox} />
        </div>
        {quoted !== undefined ? <QuoteBlock quoted={quoted} /> : null}
        {editing && actions.editDrafts ? (
          <PostEditForm post={post} store={actions.editDrafts} onSave={(content) => actions.onSaveEdit(post, content)} onClose={() => setEditing(false)} />
        ) : (
          <PostContent content={quoted !== undefined ? withoutLeadingQuote(post.content) : post.content} />
        )}
        <Signature html={author.signature} />
        {/* One row of actions on phones: the icons carry the names, the words show from 640 px up. */}
        <div className="mt-2 flex items-center gap-0.5 sm:mt-3 sm:flex-wrap sm:gap-1">
          <Button
            variant={liked ? 'secondary' : 'ghost'}
            size="sm"
            aria-pressed={liked}
            aria-label={`${liked ? THREAD_TEXT.unlike : THREAD_TEXT.like} (${likeCount})`}
            onClick={() => actions.onLike(post, liked)}
            disabled={!permissions.canReact}
            data-testid="like-button"
          >
            <ThumbsUp className={cn(liked && 'fill-current')} aria-hidden />
            <span data-testid="like-count">{likeCount}</span>
          </Button>
          {permissions.canQuote ? (
            <Button variant="ghost" size="sm" onClick={() => actions.onQuote(post, authorName)}>
              <Quote aria-hidden />
              <span className="max-sm:sr-only">{THREAD_TEXT.quote}</span>
            </Button>
          ) : null}
          {actions.renderExtra?.(post)}
          {permissions.canMarkSolution ? (
            <Button variant="ghost" size="sm" className="text-green-600" onClick={() => actions.onMarkSolution(post)}>
              <CheckCircle2 aria-hidden />
              <span className="max-sm:sr-only">{THREAD_TEXT.markSolution}</span>
            </Button>
          ) : null}
          {permissions.canEdit && actions.editDrafts && !editing ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              <span className="max-sm:sr-only">{THREAD_TEXT.edit}</span>
            </Button>
          ) : null}
          {permissions.canDelete ? (
            <ConfirmDialog
              title={THREAD_TEXT.confirmDeletePost}
              description={THREAD_TEXT.confirmDeletePostDetail}
              confirmLabel={THREAD_TEXT.confirm}
              cancelLabel={THREAD_TEXT.cancel}
              onConfirm={() => actions.onDelete(post)}
              trigger={
                <Button variant="ghost" size="sm" className="text-destructive">
                  <Trash2 aria-hidden />
                  <span className="max-sm:sr-only">{THREAD_TEXT.delete}</span>
                </Button>
              }
            />
          ) : null}
          {permissions.canFlag ? (
            // The flag button is part of the design but reporting a post is not built: it shows and does nothing.
            <Button variant="ghost" size="sm" aria-label={THREAD_TEXT.flag} title={THREAD_TEXT.flag}>
              <Flag aria-hidden />
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function samePost(a: PostRow, b: PostRow): boolean {
  if (a === b) return true;
  const { reactions_summary: ra, ...restA } = a;
  const { reactions_summary: rb, ...restB } = b;
  return shallow(restA, restB) && shallow(ra ?? {}, rb ?? {});
}

function sameQuoted(a: QuotedPreview | undefined, b: QuotedPreview | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return samePost(a.post, b.post) && shallow(a.author, b.author);
}

/**
 * Equal when what the card shows is equal. Every store emission hands over fresh
 * row objects, so without this one new reply re-renders every post of the thread.
 * `actions` must be stable (the thread screen memoizes it).
 */
export function samePostCardProps(a: PostCardProps, b: PostCardProps): boolean {
  return (
    samePost(a.post, b.post) &&
    shallow(a.author, b.author) &&
    sameQuoted(a.quoted, b.quoted) &&
    a.liked === b.liked &&
    a.likeCount === b.likeCount &&
    shallow(a.permissions, b.permissions) &&
    shallow(a.outbox, b.outbox) &&
    a.highlighted === b.highlighted &&
    a.actions === b.actions &&
    a.deferLayout === b.deferLayout
  );
}

/** One post of a thread: author card, content, quote preview and the post's controls. */
export const PostCard = memo(PostCardView, samePostCardProps);

/** The like count shown: the server's summary, adjusted while the member's own toggle waits to be sent. */
export function displayedLikes(post: PostRow, liked: boolean, pending: boolean): number {
  const base = post.reactions_summary?.[REACTION_LIKE] ?? 0;
  if (!pending) return base;
  return Math.max(0, base + (liked ? 1 : -1));
}
