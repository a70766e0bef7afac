-- Who is online, at community scale. Realtime presence sent every arrival and departure to every
-- open page, and each page then asked the database who of them was really online: the cost of
-- one member coming grew with everyone online. Now each open tab stamps a row of its own here
-- (the same call every 30 s that already vouched for members), the database works out the online
-- list itself, and sends it as one summary on the private `online` topic at most once per
-- 10 seconds, and only when it changed. One arrival costs each page at most that one message,
-- shared by every arrival and departure of the window; the tab's own call returns the list too.
--
-- The summary: how many members and guests are online, and the first 7 members by arrival (the
-- most the app shows: 7 in the home panel, 5 in the sidebar; keep 7 equal to PANEL_MAX_SHOWN),
-- named from their profiles. Nobody can announce someone else: a tab's member is the caller's
-- token, never something the caller sends.
--
-- Departures: a tab that closes or signs out says so (presence_leave); one that vanishes
-- (crash, lost network) drops out 90 s after its last stamp, as before.
--
-- The same call is also the community topic's trailing edge: tables changed while its window was
-- closed no longer wait for the next write or the devices' 2-minute backstop, but go out with the
-- next stamp of any open tab once the window is open again.

create table private.presence_tabs (
  tab uuid primary key,
  -- null for a visitor's tab (counted as a guest)
  user_id uuid references public.profiles (id) on delete cascade,
  online_since timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index presence_tabs_fresh on private.presence_tabs (last_seen_at, user_id);

-- The online topic's throttle and what it last said.
create table private.presence_signal (
  topic text primary key,
  sent_at timestamptz not null default '-infinity',
  summary jsonb
);
insert into private.presence_signal (topic) values ('online');

revoke all on private.presence_tabs, private.presence_signal from public, anon, authenticated, service_role;

-- The online list as the app shows it. Members with several tabs count once, from their earliest.
create function private.presence_summary()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with fresh as (
    select t.user_id, t.online_since
      from private.presence_tabs t
     where t.last_seen_at > now() - interval '90 seconds'
  ),
  members as (
    select f.user_id, min(f.online_since) as since
      from fresh f
     where f.user_id is not null
     group by f.user_id
  )
  select jsonb_build_object(
    'count', (select count(*) from members),
    'guests', (select count(*) from fresh where user_id is null),
    'members', coalesce(
      (select jsonb_agg(jsonb_build_object('user_id', s.user_id, 'username', s.username, 'avatar_url', s.avatar_url, 'online_at', s.since)
                        order by s.since, s.username)
         from (select m.user_id, p.username, p.avatar_url, m.since
                 from members m join public.profiles p on p.id = m.user_id
                order by m.since, p.username
                limit 7) s),
      '[]'::jsonb)
  );
$$;

-- After a tab stamped or left: the current list; sent on the online topic when it changed and
-- the window is open, else left for the next stamp after the window. Tables the community topic
-- held back go out the same way. A failing send only warns: presence never fails a member's call.
create function private.presence_tick()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  current jsonb := private.presence_summary();
  waiting text[];
begin
  begin
    -- tabs gone for good (never said goodbye): kept a while only so a short drop keeps its arrival time
    delete from private.presence_tabs where last_seen_at < now() - interval '10 minutes';
    update private.presence_signal
       set sent_at = clock_timestamp(), summary = current
     where topic = 'online'
       and summary is distinct from current
       and sent_at <= clock_timestamp() - interval '10 seconds';
    if found then
      -- The window's trailing edge: what changes until it reopens is sent by the next stamp after it,
      -- so the summary names one tab (by a digest of its key) to stamp once when the window reopens:
      -- the longest-open one, the likeliest to still be there. One call per summary, whatever the
      -- number of pages; if that tab goes meanwhile, the others' regular stamps take over.
      perform realtime.send(
        current || jsonb_build_object(
          'at', clock_timestamp(),
          'clock', (select encode(sha256(convert_to(t.tab::text, 'UTF8')), 'hex')
                      from private.presence_tabs t
                     where t.last_seen_at > now() - interval '90 seconds'
                     order by t.online_since, t.tab
                     limit 1)),
        'summary', 'online', true);
    end if;

    update private.live_signals s set sent_at = clock_timestamp(), pending = '{}'
      from (select pending from private.live_signals where topic = 'community') as before
     where s.topic = 'community'
       and cardinality(s.pending) > 0
       and s.sent_at <= clock_timestamp() - interval '2 seconds'
    returning before.pending into waiting;
    if found then
      perform realtime.send(jsonb_build_object('tables', to_jsonb(waiting), 'discussions', '[]'::jsonb), 'changed', 'community', true);
    end if;
  exception
    when others then
      raise warning 'presence: %', sqlerrm;
  end;
  -- the caller's answer carries the time too, so a page keeps whichever list is newest
  return current || jsonb_build_object('at', clock_timestamp());
end;
$$;

revoke execute on function private.presence_summary(), private.presence_tick() from public, anon, authenticated;

-- An open tab calls this on opening and every 30 s: stamps its row (its member is the caller's
-- token; a visitor's tab is a guest) and answers the online list. A tab key already stamped by
-- someone else is refused, so nobody can keep another's tab alive or take it over.
create function public.presence_beat(tab_key uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if tab_key is null then
    raise exception 'tab_key is required.' using errcode = '22023';
  end if;
  insert into private.presence_tabs as t (tab, user_id) values (tab_key, me)
  on conflict (tab) do update
    set last_seen_at = now(),
        online_since = case when t.last_seen_at > now() - interval '90 seconds' then t.online_since else now() end
    where t.user_id is not distinct from excluded.user_id;
  if not found then
    raise exception 'This tab key belongs to someone else.' using errcode = '42501';
  end if;
  -- app versions still on the presence channels ask online_members(), which reads this table
  if me is not null then
    insert into public.presence_heartbeats (user_id) values (me)
    on conflict (user_id) do update set last_seen_at = now();
  end if;
  return private.presence_tick();
end;
$$;

-- A tab closing or signing out: its row goes, so the others see the departure with the next summary.
create function public.presence_leave(tab_key uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if tab_key is null then
    raise exception 'tab_key is required.' using errcode = '22023';
  end if;
  delete from private.presence_tabs t where t.tab = tab_key and t.user_id is not distinct from (select auth.uid());
  if found then
    perform private.presence_tick();
  end if;
end;
$$;

revoke execute on function public.presence_beat(uuid), public.presence_leave(uuid) from public;
grant execute on function public.presence_beat(uuid), public.presence_leave(uuid) to anon, authenticated, service_role;

-- Anyone (visitors too) may follow the online topic; no insert policy, so only the server speaks on it.
create policy "Online topic: anyone follows who is online"
  on realtime.messages for select to anon, authenticated
  using (extension = 'broadcast' and realtime.topic() = 'online');
