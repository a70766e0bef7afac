import { Link, useNavigate } from '@tanstack/react-router';
import { AlertTriangle, Newspaper, Search, Star } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { SizedImage } from '@/components/ui/sized-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Skeleton } from '@/components/ui/skeleton';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { AUTHOR_ID_FALLBACK_LENGTH, BLOG_SEARCH_DEBOUNCE_MS, BLOG_TEXTS, pageLabel } from '../constants';
import { useBlogAuthors, useBlogPosts } from '../hooks/use-blog-data';
import { blogPage, distinctTags, formatBlogDate, type BlogPostSummary } from '../model/blog-query';
import type { BlogAuthor } from '../model/local-blog';

type Props = { q?: string; tags?: string[]; page?: number };

/** /blog: The Beat Drop, read from the device so it works offline. */
export function BlogListScreen({ q = '', tags = [], page = 1 }: Props) {
  const navigate = useNavigate();
  const online = useConnectivityStore((s) => s.online);
  const [typed, setTyped] = useState(q);
  const posts = useBlogPosts();
  const result = useMemo(() => blogPage(posts.value, { search: q, tags, page }), [posts.value, q, tags, page]);
  const allTags = useMemo(() => distinctTags(posts.value), [posts.value]);
  const authorIds = useMemo(() => [...new Set([result.featured, ...result.posts].flatMap((p) => (p?.author_id ? [p.author_id] : [])))], [result]);
  const authors = { value: useBlogAuthors(authorIds) };

  useEffect(() => {
    setTyped(q);
  }, [q]);
  // Debounced: the URL (and so the list) follows the box 500 ms after typing stops; a new search starts at page 1.
  useEffect(() => {
    if (typed === q) return;
    const timer = setTimeout(() => {
      void navigate({
        to: '/blog',
        search: { q: typed.trim() === '' ? undefined : typed, tags: tags.length ? tags : undefined, page: undefined },
        replace: true,
      });
    }, BLOG_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, q, tags, navigate]);

  function toggleTag(tag: string, on: boolean) {
    const next = on ? [...tags, tag] : tags.filter((t) => t !== tag);
    void navigate({ to: '/blog', search: { q: q || undefined, tags: next.length ? next : undefined, page: undefined } });
  }

  function goToPage(p: number) {
    void navigate({ to: '/blog', search: { q: q || undefined, tags: tags.length ? tags : undefined, page: p === 1 ? undefined : p } });
  }

  const filterActive = q.trim() !== '' || tags.length > 0;

  return (
    <div>
      <PageHeader title={BLOG_TEXTS.title} subtitle={BLOG_TEXTS.subtitle} icon={<Newspaper />} />
      {!online ? (
        <p role="status" className="mb-4 text-sm text-muted-foreground">
          {BLOG_TEXTS.offlineNote}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_260px]">
        <div className="order-2 space-y-6 lg:order-1">
          {posts.error ? (
            <Card role="alert" className="border-destructive/60">
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <AlertTriangle className="size-5 text-destructive" aria-hidden />
                  {BLOG_TEXTS.errorTitle}
                </CardTitle>
              </CardHeader>
              <CardContent className="space-y-3">
                <p className="text-sm text-muted-foreground">{posts.error.message}</p>
                <Button onClick={posts.retry}>{BLOG_TEXTS.tryAgain}</Button>
              </CardContent>
            </Card>
          ) : posts.loading ? (
            <div className="grid gap-4 md:grid-cols-2">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-48" />
              ))}
            </div>
          ) : (
            <>
              {result.featured ? <FeaturedPost post={result.featured} author={authorOf(result.featured, authors.value)} /> : null}
              {result.posts.length === 0 ? (
                <div className="rounded-lg border border-dashed p-8 text-center" data-testid="blog-empty">
                  <p className="font-medium">{BLOG_TEXTS.empty}</p>
                  {filterActive ? <p className="mt-1 text-sm text-muted-foreground">{BLOG_TEXTS.emptyHint}</p> : null}
                </div>
              ) : (
                <ul className="grid gap-4 md:grid-cols-2" aria-label="Blog posts">
                  {result.posts.map((p) => (
                    <li key={p.id}>
                      <PostCard post={p} author={authorOf(p, authors.value)} />
                    </li>
                  ))}
                </ul>
              )}
              {result.totalPages > 1 ? (
                <nav className="flex items-center justify-center gap-3" aria-label="Pagination">
                  <Button variant="outline" disabled={result.page <= 1} onClick={() => goToPage(result.page - 1)}>
                    {BLOG_TEXTS.previous}
                  </Button>
                  <span className="text-sm">{pageLabel(result.page, result.totalPages)}</span>
                  <Button variant="outline" disabled={result.page >= result.totalPages} onClick={() => goToPage(result.page + 1)}>
                    {BLOG_TEXTS.next}
                  </Button>
                </nav>
              ) : null}
            </>
          )}
        </div>
        <aside className="order-1 space-y-4 lg:order-2">
          <div className="space-y-2">
            <Label htmlFor="blog-search">{BLOG_TEXTS.searchLabel}</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input
                id="blog-search"
                type="search"
                className="pl-9"
                placeholder={BLOG_TEXTS.searchPlaceholder}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            </div>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{BLOG_TEXTS.tagsHeading}</legend>
            <ScrollArea className="h-60 rounded-md border p-3">
              {!posts.loading && allTags.length === 0 ? (
                <p className="text-sm text-muted-foreground">{BLOG_TEXTS.noTags}</p>
              ) : (
                <ul className="space-y-2">
                  {allTags.map((tag) => (
                    <li key={tag} className="flex items-center gap-2">
                      <Checkbox id={`blog-tag-${tag}`} checked={tags.includes(tag)} onCheckedChange={(v) => toggleTag(tag, v === true)} />
                      <Label htmlFor={`blog-tag-${tag}`} className="font-normal">
                        {tag}
                      </Label>
                    </li>
                  ))}
                </ul>
              )}
            </ScrollArea>
          </fieldset>
        </aside>
      </div>
    </div>
  );
}

type AuthorView = { name: string; username: string | null; avatar_url: string | null };

function authorOf(post: BlogPostSummary, authors: Map<string, BlogAuthor>): AuthorView | null {
  if (!post.author_id) return null;
  const a = authors.get(post.author_id);
  return a
    ? { name: a.display_name || a.username, username: a.username, avatar_url: a.avatar_url }
    : { name: post.author_id.slice(0, AUTHOR_ID_FALLBACK_LENGTH), username: null, avatar_url: null };
}

function AuthorLine({ author, date }: { author: AuthorView | null; date: string }) {
  return (
    <div className="flex items-center gap-2 text-sm text-muted-foreground">
      {author ? (
        <>
          <Avatar className="size-6">
            {author.avatar_url ? <AvatarImage src={author.avatar_url} alt="" /> : null}
            <AvatarFallback className="text-[10px]">{initialsOf(author.name)}</AvatarFallback>
          </Avatar>
          <span>{author.name}</span>
          <span aria-hidden>·</span>
        </>
      ) : null}
      <time dateTime={date}>{formatBlogDate(date)}</time>
    </div>
  );
}

function Tags({ tags }: { tags: string[] | undefined }) {
  if (!tags || tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Tags">
      {tags.map((t) => (
        <li key={t}>
          <Badge variant="secondary">{t}</Badge>
        </li>
      ))}
    </ul>
  );
}

function FeaturedPost({ post, author }: { post: BlogPostSummary; author: AuthorView | null }) {
  return (
    <Card className="overflow-hidden border-primary/60" data-testid="featured-post">
      {post.cover_image_url ? (
        <SizedImage src={post.cover_image_url} sizing={{ width: 360, sizes: '(min-width: 768px) 50vw, 100vw' }} className="h-56 w-full object-cover" />
      ) : null}
      <CardHeader>
        <Badge className="w-fit">
          <Star className="mr-1 size-3" aria-hidden />
          {BLOG_TEXTS.featured}
        </Badge>
        <CardTitle className="text-2xl">
          <Link to="/blog/$slug" params={{ slug: post.slug }} className="hover:underline">
            {post.title}
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {post.excerpt ? <p className="text-muted-foreground">{post.excerpt}</p> : null}
        <AuthorLine author={author} date={post.published_at} />
        <Tags tags={post.tags} />
      </CardContent>
    </Card>
  );
}

function PostCard({ post, author }: { post: BlogPostSummary; author: AuthorView | null }) {
  return (
    <Card className="flex h-full flex-col" data-testid="blog-card">
      <CardHeader>
        <CardTitle className="text-lg">
          <Link to="/blog/$slug" params={{ slug: post.slug }} className="hover:underline">
            {post.title}
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex-1 space-y-3">
        {post.excerpt ? <p className="line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p> : null}
        <AuthorLine author={author} date={post.published_at} />
      </CardContent>
      <CardFooter>
        <Tags tags={post.tags} />
      </CardFooter>
    </Card>
  );
}
