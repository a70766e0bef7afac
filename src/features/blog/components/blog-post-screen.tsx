import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { SizedImage } from '@/components/ui/sized-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getSupabase } from '@/launch/lazy-supabase';
import { renderMarkdown } from '@/lib/markdown';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { AUTHOR_ID_FALLBACK_LENGTH, BLOG_COVER_SIZING, BLOG_TEXTS } from '../constants';
import { formatBlogDate, type BlogPostSummary } from '../model/blog-query';
import { postBySlug$ } from '../model/local-blog';
import { useBlogAuthors } from '../hooks/use-blog-data';
import { useServerBlogPost } from '../hooks/use-server-blog-post';

type Post = BlogPostSummary & { content_markdown?: string | null };

type Props = {
  slug: string;
  viewerId: string | null;
  renderShare?: (share: { url: string; title: string; description: string; imageUrl: string | null }) => ReactNode;
};

/** /blog/{slug}: a published post, rendered from the device; markdown through marked and DOMPurify. */
export function BlogPostScreen({ slug, viewerId, renderShare }: Props) {
  const online = useConnectivityStore((s) => s.online);
  const local = useLiveQuery<Post | null>((db) => postBySlug$(db, slug), [slug], null);
  const [remote, setRemote] = useState<{ post: Post | null; error: string | null; done: boolean }>({ post: null, error: null, done: false });
  // An empty device shows the server's copy (one plain read) until its store, opened later, has the post.
  const server = useServerBlogPost(slug).answer;

  // Not on the device yet (first visit before replication caught up): ask the server once.
  useEffect(() => {
    if (local.loading || local.value || !online || server) return;
    let alive = true;
    void getSupabase().then(async (supabase) => {
      const { data, error } = await supabase.from('blog_posts').select('*').eq('slug', slug).eq('status', 'published').eq('_deleted', false).single();
      if (!alive) return;
      if (error) setRemote({ post: null, error: error.code === 'PGRST116' ? BLOG_TEXTS.notFound : error.message, done: true });
      else setRemote({ post: data as Post, error: null, done: true });
    });
    return () => {
      alive = false;
    };
  }, [slug, local.loading, local.value, online, server]);

  const post = local.value ?? server?.post ?? remote.post;
  const authorIds = useMemo(() => (post?.author_id ? [post.author_id] : []), [post?.author_id]);
  const authors = { value: useBlogAuthors(authorIds) };
  const html = useMemo(() => renderMarkdown(post?.content ?? post?.content_markdown ?? ''), [post?.content, post?.content_markdown]);

  const settled = (!local.loading && (local.value !== null || remote.done || !online)) || server !== null;
  if (!settled) {
    return (
      <div className="mx-auto max-w-3xl space-y-4" aria-busy="true">
        <Skeleton className="h-8 w-32" />
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-10 w-3/4" />
      </div>
    );
  }
  if (!post) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 py-8 text-center">
        <h1 className="text-3xl font-bold">{BLOG_TEXTS.notFoundTitle}</h1>
        <p className="text-muted-foreground">{remote.error ?? local.error?.message ?? BLOG_TEXTS.notFound}</p>
        <Button asChild variant="outline">
          <Link to="/blog">
            <ArrowLeft aria-hidden />
            {BLOG_TEXTS.backToBlog}
          </Link>
        </Button>
      </div>
    );
  }
  const author = post.author_id ? (authors.value.get(post.author_id) ?? (server?.author?.id === post.author_id ? server.author : undefined)) : undefined;
  const isAuthor = viewerId !== null && post.author_id === viewerId;
  return (
    <article className="mx-auto max-w-3xl">
      <Button asChild variant="ghost" size="sm" className="mb-4">
        <Link to="/blog">
          <ArrowLeft aria-hidden />
          {BLOG_TEXTS.backToBlog}
        </Link>
      </Button>
      {post.cover_image_url ? (
        <SizedImage
          src={post.cover_image_url}
          sizing={BLOG_COVER_SIZING}
          // The box has its height before the image arrives (the width sets it), so the title below never moves.
          className="mb-6 aspect-[2/1] max-h-96 w-full rounded-lg object-cover"
          // At the top of the article: asked for at once (a shared link's page preloads it with the post).
          fetchPriority="high"
        />
      ) : null}
      <h1 className="mb-3 text-3xl font-bold tracking-tight md:text-4xl">{post.title}</h1>
      <div className="mb-4 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        <time dateTime={post.published_at}>{formatBlogDate(post.published_at)}</time>
        {author ? (
          <Link to="/profile/$username" params={{ username: author.username }} className="flex items-center gap-2 hover:underline">
            <Avatar className="size-7">
              {author.avatar_url ? <AvatarImage src={author.avatar_url} alt="" /> : null}
              <AvatarFallback className="text-[10px]">{initialsOf(author.display_name ?? author.username)}</AvatarFallback>
            </Avatar>
            <span>{author.display_name || author.username}</span>
          </Link>
        ) : post.author_id ? (
          <span>{post.author_id.slice(0, AUTHOR_ID_FALLBACK_LENGTH)}</span>
        ) : null}
        {renderShare?.({ url: window.location.href, title: post.title, description: post.excerpt ?? '', imageUrl: post.cover_image_url ?? null })}
      </div>
      {post.tags && post.tags.length > 0 ? (
        <ul className="mb-4 flex flex-wrap gap-2" aria-label="Tags">
          {post.tags.map((t) => (
            <li key={t}>
              <Badge variant="secondary">{t}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {post.excerpt ? <p className="mb-6 text-lg italic text-muted-foreground">{post.excerpt}</p> : null}
      {/* Sanitized by renderMarkdown (marked, then DOMPurify). */}
      <div
        className="prose prose-invert max-w-none [&_a]:text-primary [&_a]:underline [&_h2]:mt-6 [&_h2]:text-2xl [&_h2]:font-semibold [&_li]:ml-6 [&_li]:list-disc [&_p]:my-3"
        data-testid="blog-body"
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {isAuthor ? (
        <div className="mt-8 flex gap-2">
          <Button variant="outline" disabled>
            {BLOG_TEXTS.editSoon}
          </Button>
          <Button variant="destructive" disabled>
            {BLOG_TEXTS.deleteSoon}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
