import { useEffect, useState } from 'react';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { usePulled } from '@/db/hooks/use-pulled';
import { getSupabase } from '@/launch/lazy-supabase';
import { useConnectivityStore } from '@/stores/connectivity-store';
import type { BlogPostSummary } from '../model/blog-query';
import { authors$, publishedPosts$, type BlogAuthor } from '../model/local-blog';

const POST_COLUMNS = 'id, title, slug, content, excerpt, author_id, status, is_featured, published_at, cover_image_url, tags';

const NO_POSTS: BlogPostSummary[] = [];
const NO_AUTHORS = new Map<string, BlogAuthor>();

/**
 * Published posts from the device; on a first visit, before replication has
 * brought any, the server's list stands in so the page is never empty online.
 */
export function useBlogPosts() {
  const online = useConnectivityStore((s) => s.online);
  const local = useLiveQuery(publishedPosts$, [], NO_POSTS);
  const [remote, setRemote] = useState<{ posts: BlogPostSummary[] | null; error: Error | null }>({ posts: null, error: null });
  const pulled = usePulled('blog_posts');
  const needRemote = !local.loading && local.value.length === 0 && online;
  useEffect(() => {
    if (!needRemote) return;
    let alive = true;
    void getSupabase().then(async (supabase) => {
      const { data, error } = await supabase.from('blog_posts').select(POST_COLUMNS).eq('status', 'published').eq('_deleted', false);
      if (!alive) return;
      setRemote(error ? { posts: null, error: new Error(error.message) } : { posts: (data ?? []) as BlogPostSummary[], error: null });
    });
    return () => {
      alive = false;
    };
  }, [needRemote]);
  // Offline before the first pull: no posts on the device is not "no posts".
  if (!needRemote) return !local.loading && local.value.length === 0 && !pulled ? { ...local, loading: true } : local;
  return { ...local, value: remote.posts ?? [], loading: remote.posts === null && remote.error === null, error: remote.error };
}

/** Author summaries from the device, completed from the server for authors not replicated yet. */
export function useBlogAuthors(ids: string[]): Map<string, BlogAuthor> {
  const online = useConnectivityStore((s) => s.online);
  const local = useLiveQuery((db) => authors$(db, ids), [ids.join(',')], NO_AUTHORS);
  const [remote, setRemote] = useState(new Map<string, BlogAuthor>());
  const missing = !local.loading ? ids.filter((id) => !local.value.has(id) && !remote.has(id)) : [];
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!online || missingKey === '') return;
    let alive = true;
    void getSupabase().then(async (supabase) => {
      const { data } = await supabase.from('profiles').select('id, username, display_name, avatar_url').in('id', missingKey.split(','));
      if (!alive || !data) return;
      setRemote((prev) => new Map([...prev, ...(data as BlogAuthor[]).map((a) => [a.id, a] as const)]));
    });
    return () => {
      alive = false;
    };
  }, [missingKey, online]);
  return new Map([...remote, ...local.value]);
}
