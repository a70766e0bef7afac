-- Posts of a thread (the first post is created with the discussion). Counters,
-- notifications, mentions and activity are triggers, so a reply pushed by
-- replication gets exactly what create_post_with_quote gets.

create table public.posts (
  id uuid primary key default gen_random_uuid(),
  discussion_id uuid not null references public.discussions (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  parent_post_id uuid references public.posts (id) on delete set null,
  quoted_post_id uuid references public.posts (id) on delete set null,
  content text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  is_solution boolean not null default false,
  reactions_summary jsonb not null default '{}'::jsonb,
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint posts_content_required check (char_length(private.trim_ws(content)) > 0),
  constraint posts_content_length check (char_length(content) <= 50000)
);

create index posts_thread_idx on public.posts (discussion_id, created_at);
create index posts_user_created_idx on public.posts (user_id, created_at desc);
create index posts_quoted_idx on public.posts (quoted_post_id) where quoted_post_id is not null;
create index posts_solution_idx on public.posts (discussion_id) where is_solution;
create index posts_modified_id_idx on public.posts (_modified, id);

create trigger posts_set_modified before insert or update on public.posts
  for each row execute function private.set_modified();
create trigger posts_soft_delete before delete on public.posts
  for each row execute function private.soft_delete();

create or replace function private.is_discussion_author(p_discussion_id uuid) returns boolean
language sql stable
set search_path = ''
as $$
  select exists (select 1 from public.discussions d where d.id = p_discussion_id and d.user_id = auth.uid())
$$;
grant execute on function private.is_discussion_author(uuid) to anon, authenticated, service_role;

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
    if thread.id is null or thread._deleted then
      raise exception using errcode = 'P0002', message = 'This discussion does not exist or has been removed.';
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

create trigger posts_validate before insert or update on public.posts
  for each row execute function private.validate_post();

alter table public.posts enable row level security;

create policy "Posts are public" on public.posts
  for select to anon, authenticated using (true);
create policy "Members post as themselves" on public.posts
  for insert to authenticated with check (user_id = auth.uid());
-- Discussion authors may update others' posts only to mark a solution (the trigger checks which columns).
create policy "Authors, thread authors and moderators update posts" on public.posts
  for update to authenticated
  using (user_id = auth.uid() or private.is_moderator_or_admin() or private.is_discussion_author(discussion_id))
  with check (user_id = auth.uid() or private.is_moderator_or_admin() or private.is_discussion_author(discussion_id));
create policy "Authors and moderators delete posts" on public.posts
  for delete to authenticated using (user_id = auth.uid() or private.is_moderator_or_admin());

-- @username mentions in post HTML (not e-mail addresses), distinct, at most 10.
create or replace function private.mentioned_user_ids(html text) returns setof uuid
language sql stable
set search_path = ''
as $$
  select p.id
  from (
    select distinct lower(m[1]) as username
    from regexp_matches(coalesce(html, ''), '(?:^|[^a-zA-Z0-9_@.])@([a-zA-Z0-9_]{3,20})', 'g') as m
    limit 10
  ) mentioned
  join public.profiles p on lower(p.username) = mentioned.username
$$;

create or replace function private.post_created_effects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  thread public.discussions;
  quoted_author uuid;
  preview text := private.text_preview(new.content);
  notified uuid[] := array[new.user_id];
  mentioned uuid;
begin
  if new._deleted then
    return null;
  end if;
  select * into thread from public.discussions d where d.id = new.discussion_id;

  update public.discussions
     set post_count = post_count + 1, last_activity_at = greatest(last_activity_at, new.created_at)
   where id = new.discussion_id;

  -- The opening post of a discussion is part of new_discussion, not a reply;
  -- only its @mentions notify.
  if not (thread.post_count = 0 and thread.user_id = new.user_id) then
    perform private.record_activity(new.user_id, 'new_post', new.discussion_id, 'discussion', thread.title, new.user_id);
  end if;

  if not thread.user_id = any(notified) then
    perform private.notify(thread.user_id, 'new_reply', new.user_id, preview, new.discussion_id, new.id);
    notified := notified || thread.user_id;
  end if;
  if new.quoted_post_id is not null then
    select q.user_id into quoted_author from public.posts q where q.id = new.quoted_post_id;
    if quoted_author is not null and not quoted_author = any(notified) then
      perform private.notify(quoted_author, 'new_reply', new.user_id, preview, new.discussion_id, new.id);
      notified := notified || quoted_author;
    end if;
  end if;
  for mentioned in select * from private.mentioned_user_ids(new.content) loop
    if not mentioned = any(notified) then
      perform private.notify(mentioned, 'discussion_mention', new.user_id, preview, new.discussion_id, new.id);
      notified := notified || mentioned;
    end if;
  end loop;
  return null;
end
$$;

create trigger posts_created_effects after insert on public.posts
  for each row execute function private.post_created_effects();

create or replace function private.post_updated_effects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  thread public.discussions;
begin
  if new._deleted is distinct from old._deleted then
    update public.discussions
       set post_count = greatest(post_count + case when new._deleted then -1 else 1 end, 0)
     where id = new.discussion_id;
  end if;
  if new.is_solution and not old.is_solution then
    -- One accepted answer per thread: marking a new one clears the previous.
    update public.posts set is_solution = false
     where discussion_id = new.discussion_id and is_solution and id <> new.id;
    select * into thread from public.discussions d where d.id = new.discussion_id;
    if thread.user_id is distinct from new.user_id then
      perform private.record_activity(new.user_id, 'provided_solution', new.discussion_id, 'discussion', thread.title, new.user_id);
    end if;
  end if;
  return null;
end
$$;

create trigger posts_updated_effects after update of _deleted, is_solution on public.posts
  for each row execute function private.post_updated_effects();

create trigger discussions_deleted_effects after update of _deleted on public.discussions
  for each row execute function private.discussion_deleted_effects();
