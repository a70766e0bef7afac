-- Unread tracking and notification levels.
--
-- discussion_reads: one row per member and thread, the member's own (replicated to their devices):
--   last_read_at  the created_at of the furthest post the member has seen. It only moves forward,
--                 whichever device writes it (the greater value wins), and never past the thread's
--                 last post (a later value is clamped to it).
--   level         following (every reply notifies), normal (replies to the member, quotes and
--                 mentions), muted (nothing), or null: not chosen, the category's level applies.
--                 Posting in a thread follows it unless the member chose a level there.
-- category_notification_levels: a member's level for a whole category, read by the triggers below;
--   the device reads and writes it through the API (a handful of rows, changed rarely).
-- Both are enforced where notifications are made: private.notify drops a thread's notifications for
-- a member who muted it, and the push function checks again before it sends.

create table public.discussion_reads (
  id uuid primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  discussion_id uuid not null references public.discussions (id) on delete cascade,
  last_read_at timestamptz,
  level text constraint discussion_reads_level_valid check (level in ('following', 'normal', 'muted')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint discussion_reads_pair_unique unique (user_id, discussion_id)
);

create index discussion_reads_modified_id_idx on public.discussion_reads (_modified, id);
create index discussion_reads_following_idx on public.discussion_reads (discussion_id) where level = 'following' and not _deleted;

create trigger discussion_reads_set_modified before insert or update on public.discussion_reads
  for each row execute function private.set_modified();
create trigger discussion_reads_soft_delete before delete on public.discussion_reads
  for each row execute function private.soft_delete();

-- The furthest point of a thread a member can have read: its last post (or its creation when it has none).
create or replace function private.discussion_read_limit(discussion uuid) returns timestamptz
language sql stable security definer
set search_path = ''
as $$
  select greatest(d.created_at, d.last_activity_at,
                  (select max(p.created_at) from public.posts p where p.discussion_id = d.id and not p._deleted))
    from public.discussions d where d.id = discussion
$$;

revoke execute on function private.discussion_read_limit(uuid) from public, anon, authenticated;

create or replace function private.validate_discussion_read() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    -- The same member and thread is the same row on every device.
    new.id := coalesce(new.id, private.relation_id('read:' || new.user_id::text || ':' || new.discussion_id::text));
    if new.id <> private.relation_id('read:' || new.user_id::text || ':' || new.discussion_id::text) then
      raise exception using errcode = '22023', message = 'A read record''s id is derived from the member and the discussion.';
    end if;
    if private.is_member_request() then
      if new.user_id is distinct from auth.uid() then
        raise exception using errcode = '42501', message = 'You can only keep your own read state.';
      end if;
      new.created_at := now();
      new._deleted := false;
    end if;
  else
    if private.is_member_request()
       and (new.id, new.user_id, new.discussion_id, new.created_at, new._deleted)
           is distinct from (old.id, old.user_id, old.discussion_id, old.created_at, old._deleted) then
      raise exception using errcode = '42501', message = 'Only the read point and the notification level of a read record can be changed.';
    end if;
    -- Two devices: the one that read further wins, in whichever order they arrive.
    new.last_read_at := greatest(old.last_read_at, new.last_read_at);
    -- A device that never chose a level sends none; the level chosen elsewhere stays.
    new.level := coalesce(new.level, old.level);
  end if;
  new.last_read_at := least(new.last_read_at, private.discussion_read_limit(new.discussion_id));
  new.updated_at := now();
  return new;
end
$$;

revoke execute on function private.validate_discussion_read() from public, anon, authenticated;

create trigger discussion_reads_validate before insert or update on public.discussion_reads
  for each row execute function private.validate_discussion_read();

alter table public.discussion_reads enable row level security;

create policy "Members see their own read state" on public.discussion_reads
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Members keep their own read state" on public.discussion_reads
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Members change their own read state" on public.discussion_reads
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

revoke all on table public.discussion_reads from anon, authenticated, service_role;
grant select, insert, update on table public.discussion_reads to authenticated;
grant select, insert, update, delete on table public.discussion_reads to service_role;

alter publication supabase_realtime add table public.discussion_reads;

-- Members already follow the threads they started or posted in, read up to their own last post there.
insert into public.discussion_reads (id, user_id, discussion_id, last_read_at, level)
select private.relation_id('read:' || p.user_id::text || ':' || p.discussion_id::text), p.user_id, p.discussion_id,
       max(p.created_at), 'following'
  from public.posts p
 where not p._deleted
 group by p.user_id, p.discussion_id
on conflict (user_id, discussion_id) do nothing;

-- A member's other devices hear of a new read point or level on the member's own topic.
create trigger live_member_rows after insert or update on public.discussion_reads
  for each row execute function private.live_member_rows();

create table public.category_notification_levels (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  category text not null constraint category_notification_levels_category_valid check (char_length(category) between 1 and 50),
  level text not null constraint category_notification_levels_level_valid check (level in ('following', 'normal', 'muted')),
  updated_at timestamptz not null default now(),
  primary key (user_id, category)
);

create index category_notification_levels_following_idx on public.category_notification_levels (category) where level = 'following';

alter table public.category_notification_levels enable row level security;

create policy "Members see their own category levels" on public.category_notification_levels
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Members set their own category levels" on public.category_notification_levels
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Members change their own category levels" on public.category_notification_levels
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Members clear their own category levels" on public.category_notification_levels
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on table public.category_notification_levels from anon, authenticated, service_role;
grant select, insert, update, delete on table public.category_notification_levels to authenticated, service_role;

-- The level that applies to a member in a thread: theirs for the thread, else for its category, else
-- following for the thread's author (who always heard of every reply) and normal for everyone else.
create or replace function private.discussion_level(member uuid, discussion uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select r.level from public.discussion_reads r
      where r.user_id = member and r.discussion_id = discussion and not r._deleted),
    (select c.level from public.category_notification_levels c
       join public.discussions d on d.category = c.category
      where d.id = discussion and c.user_id = member),
    (select case when d.user_id = member then 'following' else 'normal' end from public.discussions d where d.id = discussion),
    'normal')
$$;

revoke execute on function private.discussion_level(uuid, uuid) from public, anon, authenticated;
grant execute on function private.discussion_level(uuid, uuid) to service_role;

-- As before, plus: nothing about a thread reaches a member who muted it (replies, quotes, mentions).
create or replace function private.notify(
  recipient uuid, kind text, actor uuid, preview text, related uuid, target uuid
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if recipient is null or recipient = actor then
    return;
  end if;
  if kind in ('new_reply', 'discussion_mention') and related is not null
     and private.discussion_level(recipient, related) = 'muted' then
    return;
  end if;
  -- Pushes go out on insert only, so re-using the row also sends no second push.
  if exists (
    select 1 from public.notifications n
     where n.user_id = recipient and n.type = kind and n.actor_id is not distinct from actor
       and n.target_entity_id is not distinct from target and not n._deleted
       and n.created_at > now() - interval '1 day'
  ) then
    return;
  end if;
  insert into public.notifications (user_id, type, actor_id, actor_username, actor_avatar_url,
                                    content_preview, related_entity_id, target_entity_id)
  select recipient, kind, actor, p.username, p.avatar_url, left(preview, 200), related, target
  from (select 1) one
  left join public.profiles p on p.id = actor;
end
$$;

-- A new post: counts and activity as before; the poster follows the thread (unless they chose a
-- level there) and has read up to their own post; then, each member once: the thread's author and
-- every follower of the thread or its category (when following), the author of the post replied
-- to or quoted, and the members mentioned.
create or replace function private.post_created_effects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  thread public.discussions;
  other uuid;
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

  insert into public.discussion_reads as r (id, user_id, discussion_id, last_read_at, level)
  values (private.relation_id('read:' || new.user_id::text || ':' || new.discussion_id::text),
          new.user_id, new.discussion_id, new.created_at, 'following')
  on conflict (user_id, discussion_id) do update
    set last_read_at = excluded.last_read_at, level = coalesce(r.level, 'following');

  for other in
    select r.user_id from public.discussion_reads r
     where r.discussion_id = new.discussion_id and r.level = 'following' and not r._deleted
    union
    select c.user_id from public.category_notification_levels c
     where c.category = thread.category and c.level = 'following'
       and not exists (select 1 from public.discussion_reads r
                        where r.user_id = c.user_id and r.discussion_id = new.discussion_id and r.level is not null)
  loop
    if not other = any(notified) then
      perform private.notify(other, 'new_reply', new.user_id, preview, new.discussion_id, new.id);
      notified := notified || other;
    end if;
  end loop;

  -- The thread's author hears of replies as before unless they chose normal (or mute) for it.
  if not thread.user_id = any(notified) and private.discussion_level(thread.user_id, thread.id) = 'following' then
    perform private.notify(thread.user_id, 'new_reply', new.user_id, preview, new.discussion_id, new.id);
    notified := notified || thread.user_id;
  end if;
  for other in
    select q.user_id from public.posts q where q.id in (new.parent_post_id, new.quoted_post_id) and not q._deleted
  loop
    if not other = any(notified) then
      perform private.notify(other, 'new_reply', new.user_id, preview, new.discussion_id, new.id);
      notified := notified || other;
    end if;
  end loop;
  for mentioned in select * from private.mentioned_user_ids(new.content) loop
    if not mentioned = any(notified) then
      perform private.notify(mentioned, 'discussion_mention', new.user_id, preview, new.discussion_id, new.id);
      notified := notified || mentioned;
    end if;
  end loop;
  return null;
end
$$;

revoke execute on function private.post_created_effects() from public, anon, authenticated;
