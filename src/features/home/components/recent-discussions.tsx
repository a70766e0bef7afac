import { Link } from '@tanstack/react-router';
import { MessageSquare } from 'lucide-react';
import type { RxDocument } from 'rxdb';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { usePulled } from '@/db/hooks/use-pulled';
import type { DiscussionDoc } from '@/db/schemas/discussions';
import { relativeTime } from '@/lib/dates';
import { HOME_MESSAGES, RECENT_DISCUSSIONS_LIMIT } from '../constants';
import { RecentDiscussionsPending } from './recent-discussions-pending';

/**
 * The threads with the latest activity, as the hub lists them first (pinned,
 * then by activity), from the local store: a chunk of its own so the home's
 * first paint does not wait for RxDB.
 */
const NO_DISCUSSIONS: RxDocument<DiscussionDoc>[] = [];

export default function RecentDiscussions() {
  const { value: docs, loading } = useLiveQuery(
    (db) => db.discussions.find({ sort: [{ is_pinned: 'desc' }, { last_activity_at: 'desc' }], limit: RECENT_DISCUSSIONS_LIMIT }).$,
    [],
    NO_DISCUSSIONS,
  );
  // An empty store before the first pull answered is not an empty forum.
  const pulled = usePulled('discussions');
  if (loading || (docs.length === 0 && !pulled)) return <RecentDiscussionsPending />;
  if (docs.length === 0) {
    return (
      <p className="py-4 text-sm text-muted-foreground">
        {HOME_MESSAGES.noDiscussions}{' '}
        <Link to="/discussions" className="font-medium text-primary hover:underline">
          {HOME_MESSAGES.startOne}
        </Link>
      </p>
    );
  }
  return (
    <ul className="divide-y" data-testid="home-recent-discussions">
      {docs.map((d) => (
        <li key={d.id} className="py-2">
          <Link
            to="/discussions/thread/$threadId"
            params={{ threadId: d.id }}
            className="block truncate font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {d.title}
          </Link>
          <p className="flex min-w-0 items-center gap-x-2 text-xs text-muted-foreground">
            <span className="truncate">{d.category}</span>
            <span aria-hidden>·</span>
            <span className="inline-flex shrink-0 items-center gap-1">
              <MessageSquare className="size-3" aria-hidden />
              {HOME_MESSAGES.replies(Math.max(0, d.post_count - 1))}
            </span>
            <span aria-hidden>·</span>
            <span className="shrink-0">{relativeTime(d.last_activity_at)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
