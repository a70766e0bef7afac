import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { BlogPostScreen } from '@/features/blog/components/blog-post-screen';
import { ShareDialog } from '@/features/share/components/share-dialog';

export const Route = createFileRoute('/blog/$slug')({
  staticData: { title: 'Blog' },
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const { slug } = Route.useParams();
  const { user } = useAuth();
  return <BlogPostScreen key={slug} slug={slug} viewerId={user?.id ?? null} renderShare={(data) => <ShareDialog data={data} />} />;
}
