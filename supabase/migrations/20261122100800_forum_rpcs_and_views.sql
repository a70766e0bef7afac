-- The spec B calls for threads and posts. Each RPC runs as the caller
-- (security invoker), so RLS, validation and effect triggers are the same ones a
-- replicated insert or update meets; the explicit checks only give clearer errors.

create or replace view public.discussions_with_counts_and_profiles
with (security_invoker = true)
as
select d.id, d.user_id, d.title, d.category, d.is_pinned, d.is_locked, d.created_at, d.updated_at,
       d.last_activity_at, d.post_count, d.author_username, d.author_display_name, d.author_avatar_url
from public.discussions d
where not d._deleted;

create or replace view public.posts_with_profile_and_votes
with (security_invoker = true)
as
select p.id, p.discussion_id, p.user_id, p.parent_post_id, p.quoted_post_id, p.content, p.created_at,
       p.updated_at, p.is_solution, p.reactions_summary,
       case when q.id is not null and not q._deleted then jsonb_build_object(
         'id', q.id, 'content', q.content, 'created_at', q.created_at,
         'profiles', jsonb_build_object('username', qa.username, 'display_name', qa.display_name,
                                        'avatar_url', qa.avatar_url))
       end as quoted_post
from public.posts p
left join public.posts q on q.id = p.quoted_post_id
left join public.profiles qa on qa.id = q.user_id
where not p._deleted;

create or replace function public.create_post_with_quote(
  p_discussion_id uuid, p_user_id uuid, p_content text,
  p_parent_post_id uuid default null, p_quoted_post_id uuid default null
) returns public.posts
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := private.require_signed_in();
  created public.posts;
begin
  if p_user_id is distinct from uid then
    raise exception using errcode = '42501', message = 'You can only post as yourself.';
  end if;
  insert into public.posts (discussion_id, user_id, content, parent_post_id, quoted_post_id)
  values (p_discussion_id, uid, p_content, p_parent_post_id, p_quoted_post_id)
  returning * into created;
  return created;
end
$$;

-- karma_to_award is accepted for the spec's call shape but ignored: the award is
-- the server's constant (5, in the discussions insert trigger), never the caller's number.
create or replace function public.create_discussion_and_award_karma(
  discussion_title text, discussion_category text, post_content text, user_id_param uuid,
  karma_to_award integer default 5
) returns public.discussions
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := private.require_signed_in();
  created public.discussions;
begin
  if user_id_param is distinct from uid then
    raise exception using errcode = '42501', message = 'You can only start a discussion as yourself.';
  end if;
  if coalesce(private.trim_ws(discussion_title), '') = '' or coalesce(private.trim_ws(discussion_category), '') = ''
     or coalesce(private.trim_ws(post_content), '') = '' then
    raise exception using errcode = '23514', message = 'Title, first post content, and category are required.';
  end if;
  insert into public.discussions (user_id, title, category)
  values (uid, discussion_title, discussion_category)
  returning * into created;
  insert into public.posts (discussion_id, user_id, content) values (created.id, uid, post_content);
  select * into created from public.discussions d where d.id = created.id;
  return created;
end
$$;

create or replace function public.mark_post_as_solution(p_post_id uuid, p_discussion_id uuid) returns public.posts
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := private.require_signed_in();
  marked public.posts;
begin
  if not exists (select 1 from public.discussions d where d.id = p_discussion_id and d.user_id = uid) then
    raise exception using errcode = '42501', message = 'Only the discussion author can mark a solution.';
  end if;
  update public.posts set is_solution = true
   where id = p_post_id and discussion_id = p_discussion_id and not _deleted
  returning * into marked;
  if marked.id is null then
    raise exception using errcode = 'P0002', message = 'This post does not exist or has been removed.';
  end if;
  return marked;
end
$$;

create or replace function public.delete_discussion_and_posts(p_discussion_id uuid) returns void
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := private.require_signed_in();
begin
  if not exists (select 1 from public.discussions d
                 where d.id = p_discussion_id and (d.user_id = uid or private.is_moderator_or_admin())) then
    raise exception using errcode = '42501', message = 'You cannot delete this discussion.';
  end if;
  -- Posts follow through the discussions_deleted_effects trigger.
  update public.discussions set _deleted = true where id = p_discussion_id;
end
$$;

create or replace function public.toggle_reaction_and_karma(p_post_id uuid, p_user_id uuid, p_reaction_type text default 'like')
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := private.require_signed_in();
  summary jsonb;
begin
  if p_user_id is distinct from uid then
    raise exception using errcode = '42501', message = 'You can only react as yourself.';
  end if;
  insert into public.reactions as r (id, post_id, user_id, reaction_type)
  values (private.relation_id(p_post_id::text || ':' || uid::text || ':' || p_reaction_type), p_post_id, uid, p_reaction_type)
  on conflict (post_id, user_id, reaction_type) do update set _deleted = not r._deleted;
  select p.reactions_summary into summary from public.posts p where p.id = p_post_id;
  return summary;
end
$$;

create or replace function public.get_distinct_discussion_categories() returns table (category text)
language sql stable
set search_path = ''
as $$
  select distinct d.category from public.discussions d where not d._deleted order by 1
$$;
