import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ThreadScreen } from '@/features/discussions/components/thread-screen';
import { postIdFromSearch } from '@/features/discussions/validation';
import { threadSearchSchema } from '@/lib/route-search';

export const Route = createFileRoute('/discussions/thread/$threadId')({
  staticData: { title: 'Discussion' },
  validateSearch: threadSearchSchema,
  component: ThreadRoute,
});

function ThreadRoute() {
  const { threadId } = Route.useParams();
  const { post } = Route.useSearch();
  const { user } = useAuth();
  const member = user
    ? { id: user.id, role: user.role, username: user.username, display_name: user.display_name, avatar_url: user.avatar_url }
    : null;
  return <ThreadScreen key={threadId} threadId={threadId} highlightPostId={postIdFromSearch(post)} member={member} />;
}
