-- The public activity feed of a profile; written only by triggers.

create table public.user_activities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  activity_type text not null,
  related_entity_id uuid,
  related_entity_type text,
  related_entity_title text,
  actor_username text,
  actor_avatar_url text,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint user_activities_type_valid check (activity_type in (
    'new_discussion', 'new_post', 'followed_user', 'was_followed_by', 'new_content_upload',
    'updated_profile', 'received_tip', 'provided_solution'))
);

create index user_activities_user_created_idx on public.user_activities (user_id, created_at desc);
create index user_activities_modified_id_idx on public.user_activities (_modified, id);

create trigger user_activities_set_modified before insert or update on public.user_activities
  for each row execute function private.set_modified();
create trigger user_activities_soft_delete before delete on public.user_activities
  for each row execute function private.soft_delete();

alter table public.user_activities enable row level security;

create policy "Activities are public" on public.user_activities
  for select to anon, authenticated using (true);

create or replace function private.record_activity(
  owner uuid, kind text, entity_id uuid, entity_type text, entity_title text, actor uuid
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.user_activities (user_id, activity_type, related_entity_id, related_entity_type,
                                      related_entity_title, actor_username, actor_avatar_url)
  select owner, kind, entity_id, entity_type, left(entity_title, 200), p.username, p.avatar_url
  from (select 1) one
  left join public.profiles p on p.id = actor;
end
$$;

-- updated_profile: at most one per member per hour, so a burst of edits (or a
-- replicated profile pushed several times) does not flood the feed.
create or replace function private.profile_updated_activity() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if (to_jsonb(new) - array['karma', 'role', 'subscription_tier', 'is_featured', 'followers_count',
                            'following_count', 'updated_at', '_modified', 'monetization'])
     is not distinct from
     (to_jsonb(old) - array['karma', 'role', 'subscription_tier', 'is_featured', 'followers_count',
                            'following_count', 'updated_at', '_modified', 'monetization']) then
    return null;
  end if;
  if exists (select 1 from public.user_activities a
             where a.user_id = new.id and a.activity_type = 'updated_profile'
               and a.created_at > now() - interval '1 hour') then
    return null;
  end if;
  perform private.record_activity(new.id, 'updated_profile', new.id, 'profile', new.display_name, new.id);
  return null;
end
$$;

create trigger profiles_updated_activity after update on public.profiles
  for each row execute function private.profile_updated_activity();
