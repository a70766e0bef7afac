-- Flooding and farming. Toggling a like or a follow on and off used to send a
-- fresh notification (and a push) every time it came back on; now the same
-- actor, type and target within a day re-uses the notification already there.
-- Discussion karma followed every insert, even of a row already deleted, and
-- was never taken back, so create-and-delete farmed it; now a member holds +5
-- per live discussion: withdrawn on delete, returned on restore.

create index if not exists notifications_repeat_idx
  on public.notifications (user_id, type, actor_id, target_entity_id, created_at desc);

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

create or replace function private.discussion_created_effects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new._deleted then
    return null;
  end if;
  update public.profiles set karma = karma + 5 where id = new.user_id;
  perform private.record_activity(new.user_id, 'new_discussion', new.id, 'discussion', new.title, new.user_id);
  return null;
end
$$;

create or replace function private.discussion_karma_follows_deletion() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new._deleted is distinct from old._deleted then
    update public.profiles set karma = karma + case when new._deleted then -5 else 5 end where id = new.user_id;
  end if;
  return null;
end
$$;

revoke execute on function private.discussion_karma_follows_deletion() from public;
grant execute on function private.discussion_karma_follows_deletion() to anon, authenticated, service_role;

create trigger discussions_karma_follows_deletion after update of _deleted on public.discussions
  for each row execute function private.discussion_karma_follows_deletion();
