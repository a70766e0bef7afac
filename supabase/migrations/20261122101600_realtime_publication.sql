-- Realtime change feeds for every replicated table (and notifications, which
-- the bell subscribes to). RLS still decides who receives which row.

alter publication supabase_realtime add table
  public.profiles, public.followers, public.notifications, public.user_activities, public.discussions,
  public.posts, public.reactions, public.user_content, public.blog_posts;
