-- Bookmarks: a member keeps a thread, a post or a blog post with an optional note and
-- reminder time. Only the member sees their own. A pg_cron job each minute turns due
-- reminders into a 'bookmark_reminder' notification (pushed like replies), once.

create extension if not exists pg_cron;

create table public.bookmarks (
  id uuid primary key,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  entity_type text not null,
  entity_id uuid not null,
  -- the thread a bookmarked post lives in, filled by the server, so the list links to it and
  -- the device keeps that thread
  discussion_id uuid references public.discussions (id) on delete cascade,
  note text,
  remind_at timestamptz,
  -- set by the server when the reminder went out; never by a member
  reminded_at timestamptz,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint bookmarks_one_per_item unique (user_id, entity_type, entity_id),
  constraint bookmarks_entity_type_valid check (entity_type in ('discussion', 'post', 'blog_post')),
  constraint bookmarks_note_length check (char_length(note) <= 500)
);

create index bookmarks_modified_id_idx on public.bookmarks (_modified, id);
create index bookmarks_user_created_idx on public.bookmarks (user_id, created_at desc);
create index bookmarks_due_idx on public.bookmarks (remind_at) where reminded_at is null and not _deleted;

create trigger bookmarks_set_modified before insert or update on public.bookmarks
  for each row execute function private.set_modified();
create trigger bookmarks_soft_delete before delete on public.bookmarks
  for each row execute function private.soft_delete();

-- Runs as the caller (not security definer), so it can tell a member's write from the server's.
create or replace function private.validate_bookmark() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  thread uuid;
begin
  new.note := nullif(private.trim_ws(new.note), '');
  if char_length(new.note) > 500 then
    raise exception using errcode = '23514', message = 'A bookmark note can be at most 500 characters.';
  end if;

  if tg_op = 'INSERT' then
    -- The same item bookmarked on two devices is one row (the app derives the id from member and item).
    new.id := coalesce(new.id, private.relation_id('bookmark:' || new.user_id::text || ':' || new.entity_type || ':' || new.entity_id::text));
    new.created_at := now();
    if private.is_member_request() then
      new.reminded_at := null;
    end if;
    if new.entity_type = 'discussion' then
      select d.id into thread from public.discussions d where d.id = new.entity_id and not d._deleted;
    elsif new.entity_type = 'post' then
      select p.discussion_id into thread from public.posts p where p.id = new.entity_id and not p._deleted;
    elsif new.entity_type = 'blog_post' then
      if exists (select 1 from public.blog_posts b where b.id = new.entity_id and b.status = 'published' and not b._deleted) then
        thread := null;
      else
        raise exception using errcode = 'P0002', message = 'This item does not exist or has been removed.';
      end if;
    else
      raise exception using errcode = '23514', message = 'Only threads, posts and blog posts can be bookmarked.';
    end if;
    if new.entity_type <> 'blog_post' and thread is null then
      raise exception using errcode = 'P0002', message = 'This item does not exist or has been removed.';
    end if;
    new.discussion_id := thread;
  else
    if private.is_member_request()
       and (new.id, new.user_id, new.entity_type, new.entity_id, new.discussion_id, new.created_at)
           is distinct from (old.id, old.user_id, old.entity_type, old.entity_id, old.discussion_id, old.created_at) then
      raise exception using errcode = '42501', message = 'Only the note, the reminder and removal of a bookmark can be changed.';
    end if;
    if private.is_member_request() then
      new.reminded_at := old.reminded_at;
    end if;
    -- A new reminder time is a new reminder.
    if new.remind_at is distinct from old.remind_at then
      new.reminded_at := null;
    end if;
  end if;

  if new.remind_at is not null and new.reminded_at is null
     and (tg_op = 'INSERT' or new.remind_at is distinct from old.remind_at)
     and new.remind_at <= now() then
    raise exception using errcode = '22023', message = 'The reminder time has passed: pick a time in the future.';
  end if;
  return new;
end
$$;

create trigger bookmarks_validate before insert or update on public.bookmarks
  for each row execute function private.validate_bookmark();

alter table public.bookmarks enable row level security;

create policy "Bookmarks: a member sees their own" on public.bookmarks
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Bookmarks: a member adds their own" on public.bookmarks
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Bookmarks: a member changes their own" on public.bookmarks
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Bookmarks: a member removes their own" on public.bookmarks
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on table public.bookmarks from anon, authenticated, service_role;
grant select, insert, update, delete on table public.bookmarks to authenticated, service_role;

-- The app writes one row per request; a member's bulk insert is refused at its second row.
create trigger a0_bookmarks_one_row before insert on public.bookmarks
  for each row execute function private.refuse_second_member_row();

alter publication supabase_realtime add table public.bookmarks;

-- Due reminders become notifications. Marking the row first, under a row lock that concurrent
-- runs skip, makes each reminder fire once even if two runs overlap.
create or replace function private.send_bookmark_reminders() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  sent integer;
begin
  with due as (
    update public.bookmarks b
       set reminded_at = now()
     where b.id in (
       select d.id from public.bookmarks d
        where d.remind_at <= now() and d.reminded_at is null and not d._deleted
        for update skip locked
     )
    returning b.*
  ), made as (
    insert into public.notifications (user_id, type, content_preview, related_entity_id, target_entity_id)
    select due.user_id,
           'bookmark_reminder',
           left(coalesce(due.note,
                         case due.entity_type
                           when 'blog_post' then (select bp.title from public.blog_posts bp where bp.id = due.entity_id)
                           else (select t.title from public.discussions t where t.id = due.discussion_id)
                         end), 200),
           due.discussion_id,
           case when due.entity_type <> 'discussion' then due.entity_id end
      from due
    returning 1
  )
  select count(*)::integer into sent from made;
  return sent;
end
$$;

revoke all on function private.send_bookmark_reminders() from public, anon, authenticated, service_role;

select cron.schedule('bookmark-reminders', '* * * * *', 'select private.send_bookmark_reminders()');

-- Reminders are pushed through the same webhook as replies.
create or replace function private.configure_push_delivery(
  function_url text,
  service_role_key text,
  timeout_ms integer default 10000
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if to_regprocedure('supabase_functions.http_request()') is null then
    raise exception 'configure_push_delivery: database webhooks are not enabled on this project'
      using hint = 'Enable them in the dashboard (Database, Webhooks), then run this again.';
  end if;
  if function_url is null or function_url !~ '^https?://[^/]+/' then
    raise exception 'configure_push_delivery: function_url must be the http(s) URL of send-push';
  end if;
  if coalesce(service_role_key, '') = '' then
    raise exception 'configure_push_delivery: service_role_key is required';
  end if;
  execute 'drop trigger if exists notifications_push_delivery on public.notifications';
  execute format(
    $ddl$
      create trigger notifications_push_delivery
        after insert on public.notifications
        for each row
        when (new.type in ('new_reply', 'discussion_mention', 'new_follower', 'like_content', 'bookmark_reminder') and not new._deleted)
        execute function supabase_functions.http_request(%L, 'POST', %L, '{}', %L)
    $ddl$,
    function_url,
    jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_role_key)::text,
    greatest(timeout_ms, 1000)::text
  );
end
$$;

revoke all on function private.configure_push_delivery(text, text, integer) from public, anon, authenticated, service_role;
