-- Who follows whom. Row id = uuid v5 of 'follower:following' so a follow made
-- offline on two devices is still one row; unfollow sets _deleted.

create table public.followers (
  id uuid primary key,
  follower_id uuid not null references public.profiles (id) on delete cascade,
  following_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint followers_pair_unique unique (follower_id, following_id),
  constraint followers_not_self check (follower_id <> following_id)
);

create index followers_following_idx on public.followers (following_id) where not _deleted;
create index followers_modified_id_idx on public.followers (_modified, id);

create trigger followers_set_modified before insert or update on public.followers
  for each row execute function private.set_modified();
create trigger followers_soft_delete before delete on public.followers
  for each row execute function private.soft_delete();

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
  elsif private.is_member_request()
        and (new.follower_id, new.following_id, new.created_at, new.id)
            is distinct from (old.follower_id, old.following_id, old.created_at, old.id) then
    raise exception using errcode = '42501', message = 'Permission denied: only _deleted of a follow can be changed.';
  end if;
  return new;
end
$$;

create trigger followers_validate before insert or update on public.followers
  for each row execute function private.validate_follow();

alter table public.followers enable row level security;

create policy "Follows are public" on public.followers
  for select to anon, authenticated using (true);
create policy "Members follow as themselves" on public.followers
  for insert to authenticated with check (follower_id = auth.uid());
create policy "Members change their own follows" on public.followers
  for update to authenticated using (follower_id = auth.uid()) with check (follower_id = auth.uid());
create policy "Members delete their own follows" on public.followers
  for delete to authenticated using (follower_id = auth.uid());

-- Counts, notification and activity rows whenever a follow becomes active or
-- inactive, whichever path (RPC, replication push, PostgREST) caused it.
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
    perform private.record_activity(rel.follower_id, 'followed_user', rel.following_id, 'profile', target_name, rel.follower_id);
    select p.username into target_name from public.profiles p where p.id = rel.follower_id;
    perform private.record_activity(rel.following_id, 'was_followed_by', rel.follower_id, 'profile', target_name, rel.follower_id);
  end if;
  return null;
end
$$;

create trigger followers_effects after insert or update of _deleted or delete on public.followers
  for each row execute function private.follow_effects();

-- Spec A: toggle_follow(p_follower_id, p_following_id) → { status: 'followed' | 'unfollowed' }.
create or replace function public.toggle_follow(p_follower_id uuid, p_following_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := private.require_signed_in();
  now_deleted boolean;
begin
  if p_follower_id is distinct from uid then
    raise exception using errcode = '42501', message = 'You can only follow as yourself.';
  end if;
  if p_following_id = uid then
    raise exception using errcode = '23514', message = 'You cannot follow yourself.';
  end if;
  insert into public.followers as f (id, follower_id, following_id)
  values (private.relation_id(uid::text || ':' || p_following_id::text), uid, p_following_id)
  on conflict (follower_id, following_id) do update set _deleted = not f._deleted
  returning f._deleted into now_deleted;
  return jsonb_build_object('status', case when now_deleted then 'unfollowed' else 'followed' end);
end
$$;

create or replace function public.get_user_followers(p_user_id uuid)
returns table (id uuid, username text, display_name text, avatar_url text, role text)
language sql stable
set search_path = ''
as $$
  select p.id, p.username, p.display_name, p.avatar_url, p.role
  from public.followers f join public.profiles p on p.id = f.follower_id
  where f.following_id = p_user_id and not f._deleted
  order by f.created_at desc
$$;

create or replace function public.get_user_following(p_user_id uuid)
returns table (id uuid, username text, display_name text, avatar_url text, role text)
language sql stable
set search_path = ''
as $$
  select p.id, p.username, p.display_name, p.avatar_url, p.role
  from public.followers f join public.profiles p on p.id = f.following_id
  where f.follower_id = p_user_id and not f._deleted
  order by f.created_at desc
$$;
