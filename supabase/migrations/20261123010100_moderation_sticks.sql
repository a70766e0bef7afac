-- Moderation sticks: who deleted a post or discussion, and who locked a
-- discussion, is remembered by level (author 1, moderator 2, admin 3, server 9),
-- and only a member of that level or higher may undo it. A member can never
-- bring a post back to life in a locked or deleted discussion, so a reply hidden
-- before a lock cannot appear after it.
--
-- The marks live in a private table (not in the replicated rows), written and
-- read only through the security-definer helpers below.

create table private.moderation_marks (
  target_table text not null,
  target_id uuid not null,
  action text not null,
  actor_id uuid,
  actor_level smallint not null,
  marked_at timestamptz not null default now(),
  primary key (target_table, target_id, action),
  constraint moderation_marks_action_valid check (action in ('delete', 'lock'))
);

alter table private.moderation_marks enable row level security;
revoke all on table private.moderation_marks from public, anon, authenticated;
grant all on table private.moderation_marks to service_role;

-- The level of whoever is making this request: the role in profiles for a
-- signed-in member, the server for the service role and the database itself.
create or replace function private.caller_level() returns smallint
language sql stable security definer
set search_path = ''
as $$
  select case
    when auth.uid() is null then 9
    when private.caller_role() = 'admin' then 3
    when private.caller_role() = 'moderator' then 2
    else 1
  end::smallint
$$;

create or replace function private.mark_moderation(p_table text, p_id uuid, p_action text) returns void
language sql volatile security definer
set search_path = ''
as $$
  insert into private.moderation_marks (target_table, target_id, action, actor_id, actor_level)
  values (p_table, p_id, p_action, auth.uid(), private.caller_level())
  on conflict (target_table, target_id, action)
  do update set actor_id = excluded.actor_id, actor_level = excluded.actor_level, marked_at = now()
$$;

create or replace function private.clear_moderation(p_table text, p_id uuid, p_action text) returns void
language sql volatile security definer
set search_path = ''
as $$
  delete from private.moderation_marks where target_table = p_table and target_id = p_id and action = p_action
$$;

-- Rows deleted or locked before marks existed count as a moderator's doing.
create or replace function private.moderation_level(p_table text, p_id uuid, p_action text) returns smallint
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select m.actor_level from private.moderation_marks m
      where m.target_table = p_table and m.target_id = p_id and m.action = p_action),
    2)::smallint
$$;

-- The private schema is not exposed by the Data API; anon needs these only
-- because BEFORE triggers run ahead of the RLS check that refuses its writes.
revoke execute on function private.caller_level(), private.mark_moderation(text, uuid, text),
  private.clear_moderation(text, uuid, text), private.moderation_level(text, uuid, text) from public;
grant execute on function private.caller_level(), private.mark_moderation(text, uuid, text),
  private.clear_moderation(text, uuid, text), private.moderation_level(text, uuid, text)
  to anon, authenticated, service_role;

-- Runs as the caller (so member requests are told apart from server paths);
-- only the helpers above touch the marks.
create or replace function private.guard_moderation() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  member boolean := private.is_member_request();
  thread public.discussions;
begin
  if tg_op = 'INSERT' then
    if new._deleted then
      perform private.mark_moderation(tg_table_name, new.id, 'delete');
    end if;
    -- Nested: plpgsql would resolve new.is_locked on posts too if it were one condition.
    if tg_table_name = 'discussions' then
      if new.is_locked then
        perform private.mark_moderation(tg_table_name, new.id, 'lock');
      end if;
    end if;
    return new;
  end if;

  if new._deleted and not old._deleted then
    perform private.mark_moderation(tg_table_name, new.id, 'delete');
  elsif old._deleted and not new._deleted then
    if member and private.caller_level() < private.moderation_level(tg_table_name, old.id, 'delete') then
      raise exception using errcode = '42501', message = 'This was removed by a moderator and cannot be restored.';
    end if;
    if member and tg_table_name = 'posts' then
      select * into thread from public.discussions d where d.id = new.discussion_id;
      if thread._deleted then
        raise exception using errcode = 'PT404', message = 'This discussion does not exist or has been removed.';
      end if;
      if thread.is_locked and not private.is_moderator_or_admin() then
        raise exception using errcode = 'P0001', message = 'This discussion is locked. No new replies can be added.';
      end if;
    end if;
    perform private.clear_moderation(tg_table_name, new.id, 'delete');
  end if;

  if tg_table_name <> 'discussions' then
    return new;
  end if;
  if new.is_locked is distinct from old.is_locked then
    if new.is_locked then
      perform private.mark_moderation(tg_table_name, new.id, 'lock');
    else
      if member and private.caller_level() < private.moderation_level(tg_table_name, old.id, 'lock') then
        raise exception using errcode = '42501', message = 'This discussion was locked by a moderator and cannot be unlocked by you.';
      end if;
      perform private.clear_moderation(tg_table_name, new.id, 'lock');
    end if;
  end if;
  return new;
end
$$;

revoke execute on function private.guard_moderation() from public;
grant execute on function private.guard_moderation() to anon, authenticated, service_role;

create trigger posts_guard_moderation before insert or update on public.posts
  for each row execute function private.guard_moderation();
create trigger discussions_guard_moderation before insert or update on public.discussions
  for each row execute function private.guard_moderation();
