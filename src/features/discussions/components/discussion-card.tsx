import { Link } from '@tanstack/react-router';
import { Lock, MessageSquare, Pin } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { HUB_TEXT } from '../constants';
import type { DiscussionRow } from '../model/types';
import { RelativeTime } from './relative-time';

/** Replies exclude the opening post. */
export function replyCount(d: DiscussionRow): number {
  return Math.max(0, d.post_count - 1);
}

export function DiscussionCard({ discussion }: { discussion: DiscussionRow }) {
  const author = discussion.author_display_name || discussion.author_username || '';
  return (
    <Card
      data-testid="discussion-card"
      data-pinned={discussion.is_pinned || undefined}
      data-locked={discussion.is_locked || undefined}
      className={cn(
        'flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between',
        discussion.is_pinned && 'border-2 border-yellow-500',
        discussion.is_locked && !discussion.is_pinned && 'border-2 border-red-500',
        discussion.is_locked && discussion.is_pinned && 'border-2 border-yellow-500 outline outline-2 outline-offset-2 outline-red-500',
      )}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <h2 className="flex items-start gap-2 text-lg font-semibold leading-snug">
          {discussion.is_pinned ? <Pin className="mt-1 size-4 shrink-0 text-yellow-500" aria-label={HUB_TEXT.pinned} role="img" /> : null}
          {discussion.is_locked ? <Lock className="mt-1 size-4 shrink-0 text-red-500" aria-label={HUB_TEXT.locked} role="img" /> : null}
          <Link
            to="/discussions/thread/$threadId"
            params={{ threadId: discussion.id }}
            className="break-words hover:text-primary hover:underline"
          >
            {discussion.title}
          </Link>
        </h2>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span>
            {HUB_TEXT.by}{' '}
            {discussion.author_username ? (
              <Link to="/profile/$username" params={{ username: discussion.author_username }} className="font-medium text-foreground hover:underline">
                {author}
              </Link>
            ) : (
              <span className="font-medium text-foreground">{author}</span>
            )}
          </span>
          <span aria-hidden>·</span>
          <RelativeTime iso={discussion.created_at} />
          <Badge variant="secondary">{discussion.category}</Badge>
          <span className="inline-flex items-center gap-1">
            <MessageSquare className="size-4" aria-hidden />
            {HUB_TEXT.replies(replyCount(discussion))}
          </span>
        </p>
      </div>
      <Button asChild variant="outline" size="sm" className="self-start sm:self-center">
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
