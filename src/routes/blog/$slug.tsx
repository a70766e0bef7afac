import { createFileRoute } from '@tanstack/react-router';
import { useAppData } from '@/app/data/data-context';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { BookmarkBlogPostButton } from '@/features/bookmarks/components/bookmark-button';
import { BlogPostScreen } from '@/features/blog/components/blog-post-screen';
import { blogPostReadsServerFirst, serverBlogPost } from '@/features/blog/model/server-blog';
import { KeepBlogPostOfflineButton } from '@/features/offline/components/keep-offline-button';
import { ShareDialog } from '@/features/share/components/share-dialog';

export const Route = createFileRoute('/blog/$slug')({
  staticData: { title: 'Blog' },
  // An empty device reads the post from the server while the router renders the way there; the screen joins that read.
  loader: ({ params }) => {
    if (blogPostReadsServerFirst(params.slug)) serverBlogPost(params.slug).catch(() => undefined);
    // Markdown's first use is paid in small tasks while the read travels, instead of in idle moments after it.
    void import('@/lib/markdown').then((markdown) => markdown.warmUpMarkdown('blog'));
  },
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const { slug } = Route.useParams();
  const { user } = useAuth();
  const { sync } = useAppData();
  return (
    <>
      <div className="mx-auto mb-2 flex w-full max-w-4xl flex-wrap justify-end gap-2">
        {user ? <BookmarkBlogPostButton userId={user.id} slug={slug} sync={sync} /> : null}
        <KeepBlogPostOfflineButton sync={sync} slug={slug} />
      </div>
      <BlogPostScreen key={slug} slug={slug} viewerId={user?.id ?? null} renderShare={(data) => <ShareDialog data={data} />} />
    </>
  );
}
