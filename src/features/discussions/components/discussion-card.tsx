import { Link } from '@tanstack/react-router';
import { Lock, MessageSquare, Pin } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { HUB_TEXT, HUB_TITLE_TIMING, UNREAD_TEXT } from '../constants';
import type { DiscussionRow } from '../model/types';
import { RelativeTime } from './relative-time';

/** Replies exclude the opening post. */
export function replyCount(d: DiscussionRow): number {
  return Math.max(0, d.post_count - 1);
}

/** What the viewer has not seen of a thread: posts after their read point, or the whole thread when it is new to them. */
export type CardUnread = {
  /** posts after the read point the device holds; null when it holds none of them but there was activity */
  count: number | null;
  isNew: boolean;
  muted: boolean;
};

/**
 * One row of the hub. Phones get a forum-app row: avatar, title and one meta
 * line (author, category, replies, last activity), the title being the link;
 * wider screens add the 'Join Discussion' button.
 */
export function DiscussionCard({ discussion, unread }: { discussion: DiscussionRow; unread?: CardUnread }) {
  const author = discussion.author_display_name || discussion.author_username || '';
  const lastActivity = discussion.last_activity_at || discussion.updated_at || discussion.created_at;
  return (
    <Card
      data-testid="discussion-card"
      data-pinned={discussion.is_pinned || undefined}
      data-locked={discussion.is_locked || undefined}
      data-unread={unread && (unread.isNew || unread.count !== 0) ? true : undefined}
      data-muted={unread?.muted || undefined}
      className={cn(
        'flex items-start gap-3 p-3 sm:items-center sm:p-4',
        discussion.is_pinned && 'border-2 border-yellow-500',
        discussion.is_locked && !discussion.is_pinned && 'border-2 border-red-500',
        discussion.is_locked && discussion.is_pinned && 'border-2 border-yellow-500 outline outline-2 outline-offset-2 outline-red-500',
      )}
    >
      <Avatar className="size-9 shrink-0" data-testid="card-avatar">
        {discussion.author_avatar_url ? <AvatarImage src={discussion.author_avatar_url} alt="" /> : null}
        <AvatarFallback>{initialsOf(author)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1 space-y-0.5 sm:space-y-1">
        <h2 className="flex items-start gap-1.5 text-[15px] font-semibold leading-snug sm:text-lg">
          {discussion.is_pinned ? <Pin className="mt-0.5 size-4 shrink-0 text-yellow-500" aria-label={HUB_TEXT.pinned} role="img" /> : null}
          {discussion.is_locked ? <Lock className="mt-0.5 size-4 shrink-0 text-red-500" aria-label={HUB_TEXT.locked} role="img" /> : null}
          <Link
            to="/discussions/thread/$threadId"
            params={{ threadId: discussion.id }}
            className="line-clamp-1 break-words hover:text-primary hover:underline sm:line-clamp-2"
            elementtiming={HUB_TITLE_TIMING}
          >
            {discussion.title}
          </Link>
        </h2>
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted-foreground sm:text-sm">
          <span className="max-w-[7rem] truncate sm:max-w-none">
            <span className="sr-only sm:not-sr-only">{HUB_TEXT.by} </span>
            {discussion.author_username ? (
              <Link to="/profile/$username" params={{ username: discussion.author_username }} className="font-medium text-foreground hover:underline">
                {author}
              </Link>
            ) : (
              <span className="font-medium text-foreground">{author}</span>
            )}
          </span>
          <Badge variant="secondary" className="max-w-[8rem] truncate px-1.5 py-0 text-[11px] sm:max-w-none sm:text-xs" data-testid="card-category">
            {discussion.category}
          </Badge>
          {unread?.isNew ? (
            <Badge className="px-1.5 py-0 text-[11px] sm:text-xs" data-testid="card-new" title={UNREAD_TEXT.newThreadLabel}>
              {UNREAD_TEXT.newThread}
            </Badge>
          ) : unread && unread.count !== 0 ? (
            <Badge className="px-1.5 py-0 text-[11px] sm:text-xs" data-testid="card-unread">
              {unread.count === null ? UNREAD_TEXT.unreadMark : UNREAD_TEXT.newPosts(unread.count)}
            </Badge>
          ) : null}
          {unread?.muted ? (
            <Badge variant="outline" className="px-1.5 py-0 text-[11px] sm:text-xs" data-testid="card-muted">
              {UNREAD_TEXT.mutedMark}
            </Badge>
          ) : null}
          <span className="inline-flex items-center gap-1" data-testid="card-replies">
            <MessageSquare className="size-3.5" aria-hidden />
            {HUB_TEXT.replies(replyCount(discussion))}
          </span>
          <span aria-hidden>·</span>
          <span>
            <span className="sr-only">{HUB_TEXT.lastActivity} </span>
            <RelativeTime iso={lastActivity} />
          </span>
        </p>
      </div>
      <Button asChild variant="outline" size="sm" className="hidden shrink-0 sm:inline-flex">
        <Link to="/discussions/thread/$threadId" params={{ threadId: discussion.id }} aria-label={`${HUB_TEXT.joinDiscussion}: ${discussion.title}`}>
          {HUB_TEXT.joinDiscussion}
        </Link>
      </Button>
    </Card>
  );
}

export function DiscussionCardSkeleton() {
  return (
    <Card className="space-y-3 p-4" data-testid="discussion-skeleton">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
    </Card>
  );
}
