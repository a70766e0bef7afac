import { useServerFirstRead, type ServerFirstRead } from '@/launch/use-server-first-read';
import { blogPostReadsServerFirst, serverBlogPost, type ServerBlogPost } from '../model/server-blog';

/** The post as the server has it, when the screen opened on a device whose store never held blog posts. */
export function useServerBlogPost(slug: string): ServerFirstRead<ServerBlogPost> {
  return useServerFirstRead(
    () => blogPostReadsServerFirst(slug),
    () => serverBlogPost(slug),
    slug,
  );
}
