import { blogPostsSchema, type BlogPostDoc } from '@/db/schemas/blog-posts';
import { profilesSchema, type ProfileDoc } from '@/db/schemas/profiles';
import { readServerRowsWith, sharedServerRead } from '@/launch/server-first';
import { serverRowsWithPath } from '@/launch/server-read-paths';
import { EARLY_READ_ID } from '@/launch/early-reads';
import { screenReadsServerFirst } from '@/launch/first-screen';
import type { BlogPostSummary } from './blog-query';
import type { BlogAuthor } from './local-blog';

/** A published post with its author as the server has them; `post` null when no published post has that slug. */
export type ServerBlogPost = { post: (BlogPostSummary & { content_markdown?: string | null }) | null; author: BlogAuthor | null };

/** Whether a blog post screen opening now reads the server first: the device never pulled posts or profiles. */
export function blogPostReadsServerFirst(slug: string): boolean {
  return screenReadsServerFirst(`/blog/${encodeURIComponent(slug)}`);
}

const AUTHOR = { as: 'author', collection: 'profiles', schema: profilesSchema } as const;

/** The post with its author embedded: the whole first screen in one round trip. */
const postFilter = (slug: string) => `slug=eq.${slug}&status=eq.published`;

/** The request a blog post starts with, on the path of its screen: the page's early read sends the same one first. */
export const BLOG_POST_EARLY_READ = { path: '^/blog/([^/]+)/?$', requests: [serverRowsWithPath('blog_posts', AUTHOR, postFilter(EARLY_READ_ID))] };

async function readPost(slug: string): Promise<ServerBlogPost> {
  const rows = await readServerRowsWith<BlogPostDoc, ProfileDoc>('blog_posts', blogPostsSchema, AUTHOR, postFilter(encodeURIComponent(slug)));
  const found = rows[0];
  if (!found) return { post: null, author: null };
  const a = found.embedded;
  return {
    post: found.doc,
    author: a ? { id: a.id, username: a.username, display_name: a.display_name ?? null, avatar_url: a.avatar_url ?? null } : null,
  };
}

/** The post read straight from the server (a plain fetch, no supabase-js), shared between the route's loader and the screen. */
export function serverBlogPost(slug: string): Promise<ServerBlogPost> {
  return sharedServerRead(`blog:${slug}`, () => readPost(slug));
}
