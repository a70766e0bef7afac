-- Data API access for everything the earlier migrations created.
--
-- Projects created with Supabase's current defaults grant the API roles
-- (anon, authenticated, service_role) nothing on new objects in public, while
-- older projects granted them everything. These grants make the schema behave
-- the same on both: each role gets exactly what the app, the edge functions
-- and the server paths use, and row level security decides which rows.
-- Objects added by later migrations grant their own access.

-- Tables ----------------------------------------------------------------------
-- Revoke first, so a project that auto-granted everything ends up with the
-- same privileges as one that granted nothing.
revoke all on table
  public.profiles, public.notifications, public.user_activities, public.followers,
  public.discussions, public.posts, public.reactions, public.user_content,
  public.blog_posts, public.contact_messages, public.push_subscriptions
from anon, authenticated, service_role;

-- Readable by visitors: the community is public.
grant select on table
  public.profiles, public.user_activities, public.followers, public.discussions,
  public.posts, public.reactions, public.user_content, public.blog_posts
to anon;

-- Members write through RLS; deletes are turned into soft deletes by triggers.
grant select on table public.profiles, public.user_activities to authenticated;
grant insert, update on table public.profiles to authenticated;
grant select, insert, update, delete on table
  public.followers, public.discussions, public.posts, public.reactions,
  public.user_content, public.blog_posts, public.push_subscriptions
to authenticated;
-- Members read their notifications and mark them read; the server creates them.
grant select, update on table public.notifications to authenticated;

-- The contact form sends without reading anything back.
grant insert on table public.contact_messages to anon, authenticated;

-- Edge functions and operators work with the service role.
grant select, insert, update, delete on table
  public.profiles, public.notifications, public.user_activities, public.followers,
  public.discussions, public.posts, public.reactions, public.user_content,
  public.blog_posts, public.contact_messages, public.push_subscriptions
to service_role;

-- Views -----------------------------------------------------------------------
revoke all on table public.discussions_with_counts_and_profiles, public.posts_with_profile_and_votes
  from anon, authenticated, service_role;
grant select on table public.discussions_with_counts_and_profiles, public.posts_with_profile_and_votes
  to anon, authenticated, service_role;
-- The discussions view is simple enough to update through; RLS on discussions
-- (the view runs as the caller) keeps that to the author and staff.
grant update on table public.discussions_with_counts_and_profiles to authenticated, service_role;

-- Functions -------------------------------------------------------------------
-- Postgres lets PUBLIC execute every new function, and older projects also
-- granted the API roles directly; start each from nothing and grant by need.
do $$
declare
  fn regprocedure;
  api_functions constant jsonb := jsonb_build_object(
    -- visitors and members
    'username_available', array['anon', 'authenticated', 'service_role'],
    'get_user_followers', array['anon', 'authenticated', 'service_role'],
    'get_user_following', array['anon', 'authenticated', 'service_role'],
    'discussion_categories', array['anon', 'authenticated', 'service_role'],
    'get_distinct_discussion_categories', array['anon', 'authenticated', 'service_role'],
    'get_distinct_blog_tags', array['anon', 'authenticated', 'service_role'],
    'universal_search', array['anon', 'authenticated', 'service_role'],
    -- sign-out on a device: proven with the subscription's own secret, the session may be gone
    'forget_push_subscription', array['anon', 'authenticated', 'service_role'],
    -- members only: each acts as the caller (auth.uid())
    'toggle_follow', array['authenticated'],
    'create_post_with_quote', array['authenticated'],
    'create_discussion_and_award_karma', array['authenticated'],
    'mark_post_as_solution', array['authenticated'],
    'delete_discussion_and_posts', array['authenticated'],
    'toggle_reaction_and_karma', array['authenticated'],
    'get_my_email', array['authenticated'],
    -- admins only (checked inside); never visitors
    'admin_list_profiles', array['authenticated'],
    'admin_update_user_role', array['authenticated'],
    'admin_platform_stats', array['authenticated']
  );
  grantee text;
begin
  for fn in
    select p.oid::regprocedure
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and api_functions ? p.proname
  loop
    execute format('revoke all on function %s from public, anon, authenticated, service_role', fn);
    for grantee in
      select jsonb_array_elements_text(api_functions -> (select proname from pg_proc where oid = fn::oid))
    loop
      execute format('grant execute on function %s to %I', fn, grantee);
    end loop;
  end loop;
end
$$;
