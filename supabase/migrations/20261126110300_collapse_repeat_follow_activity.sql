-- Following and unfollowing over and over wrote a "followed" and a "was
-- followed by" row to the public activity feeds every time the follow came
-- back on. They are collapsed the way notifications are: the same member,
-- kind and other profile within a day re-uses the feed row already there.

create index if not exists user_activities_repeat_idx
  on public.user_activities (user_id, activity_type, related_entity_id, created_at desc);

create or replace function private.record_activity_once_a_day(
  owner uuid, kind text, entity_id uuid, entity_type text, entity_title text, actor uuid
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  -- Two toggles at once would both find nothing and both write; one at a
  -- time per feed row, for as long as this transaction lasts.
  perform pg_advisory_xact_lock(hashtextextended(owner::text || kind || coalesce(entity_id::text, ''), 0));
  if exists (
    select 1 from public.user_activities a
     where a.user_id = owner and a.activity_type = kind and a.related_entity_id is not distinct from entity_id
       and not a._deleted and a.created_at > now() - interval '1 day'
  ) then
    return;
  end if;
  perform private.record_activity(owner, kind, entity_id, entity_type, entity_title, actor);
end
$$;

revoke execute on function private.record_activity_once_a_day(uuid, text, uuid, text, text, uuid) from public;
grant execute on function private.record_activity_once_a_day(uuid, text, uuid, text, text, uuid) to anon, authenticated, service_role;

create or replace function private.follow_effects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  was_active boolean := tg_op in ('UPDATE', 'DELETE') and not old._deleted;
  is_active boolean := tg_op in ('INSERT', 'UPDATE') and not new._deleted;
  delta integer := is_active::integer - was_active::integer;
  rel public.followers := coalesce(new, old);
  target_name text;
begin
  if delta = 0 then
    return null;
  end if;
  update public.profiles set followers_count = greatest(followers_count + delta, 0) where id = rel.following_id;
  update public.profiles set following_count = greatest(following_count + delta, 0) where id = rel.follower_id;
  if delta > 0 then
    perform private.notify(rel.following_id, 'new_follower', rel.follower_id, null, rel.follower_id, rel.follower_id);
    select p.username into target_name from public.profiles p where p.id = rel.following_id;
    perform private.record_activity_once_a_day(rel.follower_id, 'followed_user', rel.following_id, 'profile', target_name, rel.follower_id);
    select p.username into target_name from public.profiles p where p.id = rel.follower_id;
    perform private.record_activity_once_a_day(rel.following_id, 'was_followed_by', rel.follower_id, 'profile', target_name, rel.follower_id);
  end if;
  return null;
end
$$;
