import { createFileRoute } from '@tanstack/react-router';
import { BlogListScreen } from '@/features/blog/components/blog-list-screen';
import { blogSearchSchema } from '@/lib/route-search';

export const Route = createFileRoute('/blog/')({
  staticData: { title: 'The Beat Drop' },
  validateSearch: blogSearchSchema,
  component: BlogRoute,
});

function BlogRoute() {
  const { q, tags, page } = Route.useSearch();
  return <BlogListScreen q={q} tags={tags} page={page} />;
}
