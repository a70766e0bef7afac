-- Errors a member can provoke with a request that can never succeed answer 4xx,
-- so the app takes the change out of its queue with the message instead of
-- retrying it for ever. PostgREST answers 500 for P0002, so a deleted target
-- is raised as PT404 (PostgREST turns PTxyz into HTTP status xyz). A target that
-- is simply not there yet is a foreign-key error (409): the app retries those a
-- few times, because a parent made offline may still be on its way.

create or replace function private.validate_post() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  thread public.discussions;
  member boolean := private.is_member_request();
  uid uuid := auth.uid();
begin
  select * into thread from public.discussions d where d.id = new.discussion_id;

  if tg_op = 'INSERT' then
    new.content := private.trim_ws(new.content);
    if coalesce(new.content, '') = '' then
      raise exception using errcode = '23514', message = 'Cannot submit an empty reply.';
    end if;
    if member and new.user_id is distinct from uid then
      raise exception using errcode = '42501', message = 'You can only post as yourself.';
    end if;
    -- Not there yet (its discussion may still be on its way from the same
    -- device): a foreign-key error, which the app retries. Deleted: final.
    if thread.id is null then
      raise exception using errcode = '23503', message = 'This discussion does not exist or has been removed.';
    end if;
    if thread._deleted then
      raise exception using errcode = 'PT404', message = 'This discussion does not exist or has been removed.';
    end if;
    if thread.is_locked then
      raise exception using errcode = 'P0001', message = 'This discussion is locked. No new replies can be added.';
    end if;
    if new.quoted_post_id is not null and not exists (
         select 1 from public.posts q where q.id = new.quoted_post_id and q.discussion_id = new.discussion_id) then
      raise exception using errcode = '23514', message = 'The quoted post is not part of this discussion.';
    end if;
    if new.parent_post_id is not null and not exists (
         select 1 from public.posts q where q.id = new.parent_post_id and q.discussion_id = new.discussion_id) then
      raise exception using errcode = '23514', message = 'The post you reply to is not part of this discussion.';
    end if;
    new.reactions_summary := '{}'::jsonb;
    if member then
      new.is_solution := false;
    end if;
    if new.created_at is null or new.created_at > now() then
      new.created_at := now();
    end if;
    if new.updated_at is null or new.updated_at < new.created_at then
      new.updated_at := new.created_at;
    end if;
    return new;
  end if;

  if not member then
    return new;
  end if;
  if (new.discussion_id, new.user_id, new.parent_post_id, new.quoted_post_id, new.created_at, new.reactions_summary)
     is distinct from
     (old.discussion_id, old.user_id, old.parent_post_id, old.quoted_post_id, old.created_at, old.reactions_summary) then
    raise exception using errcode = '42501', message = 'Permission denied: only the content of a post can be edited.';
  end if;
  if (new.content, new.updated_at) is distinct from (old.content, old.updated_at) then
    if old.user_id is distinct from uid then
      raise exception using errcode = '42501', message = 'You can only edit your own posts.';
    end if;
    if thread.is_locked then
      raise exception using errcode = 'P0001', message = 'This discussion is locked. No new replies can be added.';
    end if;
    new.content := private.trim_ws(new.content);
    if coalesce(new.content, '') = '' then
      raise exception using errcode = '23514', message = 'Cannot submit an empty reply.';
    end if;
    if new.updated_at is not distinct from old.updated_at then
      new.updated_at := now();
    end if;
  end if;
  if new.is_solution is distinct from old.is_solution then
    if thread.user_id is distinct from uid then
      raise exception using errcode = '42501', message = 'Only the discussion author can mark a solution.';
    end if;
    if thread.is_locked then
      raise exception using errcode = 'P0001', message = 'This discussion is locked. No new replies can be added.';
    end if;
  end if;
  if new._deleted is distinct from old._deleted
     and old.user_id is distinct from uid and not private.is_moderator_or_admin() then
    raise exception using errcode = '42501', message = 'You cannot delete this post.';
  end if;
  return new;
end
$$;

create or replace function private.validate_reaction() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.id := coalesce(new.id, private.relation_id(new.post_id::text || ':' || new.user_id::text || ':' || new.reaction_type));
    if new.reaction_type is distinct from 'like' then
      raise exception using errcode = '23514', message = 'Only the ''like'' reaction is supported.';
    end if;
    if private.is_member_request() and new.user_id is distinct from auth.uid() then
      raise exception using errcode = '42501', message = 'You can only react as yourself.';
    end if;
    if not exists (select 1 from public.posts p where p.id = new.post_id) then
      raise exception using errcode = '23503', message = 'This post does not exist or has been removed.';
    end if;
    if exists (select 1 from public.posts p where p.id = new.post_id and p._deleted) then
      raise exception using errcode = 'PT404', message = 'This post does not exist or has been removed.';
    end if;
  elsif private.is_member_request()
        and (new.id, new.post_id, new.user_id, new.reaction_type, new.created_at)
            is distinct from (old.id, old.post_id, old.user_id, old.reaction_type, old.created_at) then
    raise exception using errcode = '42501', message = 'Permission denied: only _deleted of a reaction can be changed.';
  end if;
  return new;
end
$$;

create or replace function private.validate_follow() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.id := coalesce(new.id, private.relation_id(new.follower_id::text || ':' || new.following_id::text));
    if new.follower_id = new.following_id then
      raise exception using errcode = '23514', message = 'You cannot follow yourself.';
    end if;
    if private.is_member_request() and new.follower_id is distinct from auth.uid() then
      raise exception using errcode = '42501', message = 'You can only follow as yourself.';
    end if;
    if not exists (select 1 from public.profiles p where p.id = new.following_id) then
      raise exception using errcode = '23503', message = 'This member does not exist.';
    end if;
  elsif private.is_member_request()
        and (new.follower_id, new.following_id, new.created_at, new.id)
            is distinct from (old.follower_id, old.following_id, old.created_at, old.id) then
    raise exception using errcode = '42501', message = 'Permission denied: only _deleted of a follow can be changed.';
  end if;
  return new;
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
    raise exception using errcode = 'PT404', message = 'This post does not exist or has been removed.';
  end if;
  return marked;
end
$$;

create or replace function public.admin_update_user_role(target_user_id_param uuid, new_role_param text) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins can change roles.';
  end if;
  if new_role_param is null or new_role_param not in ('admin', 'moderator', 'editor', 'dj', 'producer', 'fan', 'user') then
    raise exception using errcode = '23514',
      message = 'Role must be one of admin, moderator, editor, dj, producer, fan, user.';
  end if;
  update public.profiles set role = new_role_param where id = target_user_id_param;
  if not found then
    raise exception using errcode = 'PT404', message = 'No member with that id.';
  end if;
end
$$;
