import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ContentScreen } from '@/features/content/components/content-screen';
import { ShareDialog } from '@/features/share/components/share-dialog';

export const Route = createFileRoute('/content/$id')({
  staticData: { title: 'Content' },
  component: ContentRoute,
});

function ContentRoute() {
  const { id } = Route.useParams();
  const { user } = useAuth();
  return <ContentScreen key={id} contentId={id} viewerId={user?.id ?? null} renderShare={(data) => <ShareDialog data={data} />} />;
}
