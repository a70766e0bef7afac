import { Skeleton } from '@/components/ui/skeleton';
import { HOME_MESSAGES, RECENT_DISCUSSIONS_LIMIT } from '../constants';

/** The recent discussions' place while the local store loads or has not synced yet. */
export function RecentDiscussionsPending() {
  return (
    <div role="status" aria-label={HOME_MESSAGES.loadingDiscussions} className="flex flex-col gap-3 py-2">
      {Array.from({ length: RECENT_DISCUSSIONS_LIMIT }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
