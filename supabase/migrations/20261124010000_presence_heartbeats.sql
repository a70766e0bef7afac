-- Who is online, as far as the database can vouch for it. Supabase Realtime does not check
-- presence payloads against the sender's token: any member can announce another member's id
-- and name. So a member's tab also stamps a heartbeat row that only that member can write, with
-- a time only the server sets, and the app shows a member online only while that row is fresh.
-- Names and avatars come from profiles, never from what a socket announced.

create table public.presence_heartbeats (
  user_id uuid primary key default auth.uid() references public.profiles (id) on delete cascade,
  last_seen_at timestamptz not null default now()
);

alter table public.presence_heartbeats enable row level security;

create policy "Presence heartbeats: a member sees their own"
  on public.presence_heartbeats for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Presence heartbeats: a member stamps their own"
  on public.presence_heartbeats for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Presence heartbeats: a member refreshes their own"
  on public.presence_heartbeats for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- The client never chooses the time: a heartbeat dated in the future would keep a member
-- "online" long after they left.
create function private.presence_heartbeat_server_time()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.last_seen_at := now();
  return new;
end;
$$;

create trigger presence_heartbeats_server_time
  before insert or update on public.presence_heartbeats
  for each row execute function private.presence_heartbeat_server_time();

grant select, insert, update on public.presence_heartbeats to authenticated;
grant select, insert, update, delete on public.presence_heartbeats to service_role;

-- A member's tab calls this on joining and then on a timer. Invoker rights: the policies above
-- decide, so it can only ever stamp the caller's own row.
create function public.presence_heartbeat()
returns timestamptz
language plpgsql
security invoker
set search_path = ''
as $$
declare
  stamped timestamptz;
begin
  if (select auth.uid()) is null then
    raise exception 'Only signed-in members have a presence heartbeat.' using errcode = '42501';
  end if;
  insert into public.presence_heartbeats (user_id) values ((select auth.uid()))
  on conflict (user_id) do update set last_seen_at = now()
  returning last_seen_at into stamped;
  return stamped;
end;
$$;

revoke execute on function public.presence_heartbeat() from public, anon;
grant execute on function public.presence_heartbeat() to authenticated, service_role;

-- Of the members a presence channel lists, those whose heartbeat is fresh, with the name and
-- avatar of their profile. Visitors see who is online too, so anon may ask; it reveals no more
-- than the presence channel itself (online or not), and no heartbeat times.
-- 90 seconds: three missed heartbeats (the app stamps every 30 s) before a member drops out.
create function public.online_members(member_ids uuid[])
returns table (user_id uuid, username text, avatar_url text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if member_ids is null then
    raise exception 'member_ids is required.' using errcode = '22023';
  end if;
  if cardinality(member_ids) > 1000 then
    raise exception 'Ask about at most 1000 members at a time.' using errcode = '22023';
  end if;
  return query
    select p.id, p.username, p.avatar_url
      from public.presence_heartbeats h
      join public.profiles p on p.id = h.user_id
     where h.user_id = any (member_ids)
       and h.last_seen_at > now() - interval '90 seconds';
end;
$$;

revoke execute on function public.online_members(uuid[]) from public;
grant execute on function public.online_members(uuid[]) to anon, authenticated, service_role;
