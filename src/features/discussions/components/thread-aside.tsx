import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { THREAD_ASIDE_TEXT, THREAD_ASIDE_PARTICIPANTS } from '../constants';
import type { AuthorProfile, DiscussionRow, PostRow } from '../model/types';
import { RelativeTime } from './relative-time';

type ThreadAsideProps = {
  discussion: DiscussionRow;
  posts: PostRow[];
  profiles: Map<string, AuthorProfile>;
};

/** Everyone who wrote in the thread, in the order they first did. */
function participantsOf(posts: PostRow[]): string[] {
  return [...new Set(posts.map((p) => p.user_id))];
}

/**
 * The thread's side column on wide screens: who started it and when, how many
 * replies and who took part, its category and last activity. The same facts
 * head the thread on phones, so the column is not shown there.
 */
export function ThreadAside({ discussion, posts, profiles }: ThreadAsideProps) {
  const participants = useMemo(() => participantsOf(posts), [posts]);
  const replies = Math.max(0, posts.length - 1);
  const lastPost = posts.at(-1);
  const lastActivity = lastPost?.created_at ?? discussion.last_activity_at ?? discussion.updated_at;
  const author = discussion.author_display_name || discussion.author_username || '';
  const shown = participants.slice(0, THREAD_ASIDE_PARTICIPANTS);
  return (
    <aside className="hidden xl:block" aria-label={THREAD_ASIDE_TEXT.label} data-testid="thread-aside">
      <Card className="sticky top-20 space-y-4 p-4">
        <h2 className="text-sm font-semibold">{THREAD_ASIDE_TEXT.label}</h2>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-xs text-muted-foreground">{THREAD_ASIDE_TEXT.startedBy}</dt>
            <dd className="flex items-center gap-2">
              <Avatar className="size-6 shrink-0">
                {discussion.author_avatar_url ? <AvatarImage src={discussion.author_avatar_url} alt="" /> : null}
                <AvatarFallback className="text-[10px]">{initialsOf(author)}</AvatarFallback>
              </Avatar>
              {discussion.author_username ? (
                <Link to="/profile/$username" params={{ username: discussion.author_username }} className="truncate font-medium hover:underline">
                  {author}
                </Link>
              ) : (
                <span className="truncate font-medium">{author}</span>
              )}
            </dd>
            <dd className="text-xs text-muted-foreground">
              <RelativeTime iso={discussion.created_at} />
            </dd>
          </div>
        </dl>
        <dl className="grid grid-cols-2 gap-2 text-center">
          <div className="flex flex-col-reverse rounded-md bg-muted p-2" data-testid="thread-aside-replies">
            <dt className="text-xs text-muted-foreground">{THREAD_ASIDE_TEXT.replies}</dt>
            <dd className="text-lg font-bold">{replies}</dd>
          </div>
          <div className="flex flex-col-reverse rounded-md bg-muted p-2" data-testid="thread-aside-participants">
            <dt className="text-xs text-muted-foreground">{THREAD_ASIDE_TEXT.participants}</dt>
            <dd className="text-lg font-bold">{participants.length}</dd>
          </div>
        </dl>
        <dl className="space-y-3 text-sm">
          {shown.length > 0 ? (
            <div>
              <dt className="sr-only">{THREAD_ASIDE_TEXT.whoTookPart}</dt>
              <dd>
                <ul className="flex flex-wrap gap-1">
                  {shown.map((id) => {
                    const p = profiles.get(id);
                    const name = p?.display_name || p?.username || '';
                    return (
                      <li key={id} title={name}>
                        <Avatar className="size-7">
                          {p?.avatar_url ? <AvatarImage src={p.avatar_url} alt="" /> : null}
                          <AvatarFallback className="text-[10px]">{initialsOf(name)}</AvatarFallback>
                        </Avatar>
                        <span className="sr-only">{name}</span>
                      </li>
                    );
                  })}
                </ul>
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-xs text-muted-foreground">{THREAD_ASIDE_TEXT.category}</dt>
            <dd>
              <Badge variant="secondary">{discussion.category}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{THREAD_ASIDE_TEXT.lastActivity}</dt>
            <dd>
              <RelativeTime iso={lastActivity} />
            </dd>
          </div>
        </dl>
      </Card>
    </aside>
  );
}
