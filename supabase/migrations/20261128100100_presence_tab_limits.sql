-- A tab counts online by stamping a key it makes up, so a visitor's script could stamp thousands
-- of random keys and show any number of guests (and fill the table). Now one caller counts a
-- bounded number of tabs at once: a visitor by the client address the API gateway forwards (as
-- contact messages are limited: Cloudflare's cf-connecting-ip on hosted Supabase, else the first
-- x-forwarded-for entry; an IPv6 address by its /64, which one subscriber usually holds whole),
-- a member by their id (members count once whatever their tabs, but each tab is a row). Past
-- the limit a new tab is refused with 429 and a message, and changes nothing; tabs already
-- counted keep stamping. The limit is generous for a household or an office behind one router,
-- and bounds what one address can add to the guest count.
--
-- A refused tab still shows who is online: online_summary() answers the list without counting
-- the caller.

alter table private.presence_tabs add column address text;
create index presence_tabs_guests_by_address on private.presence_tabs (address, last_seen_at) where user_id is null;
create index presence_tabs_by_member on private.presence_tabs (user_id, last_seen_at) where user_id is not null;

-- Tabs one caller may have counted at once (keep equal to PRESENCE_TABS_PER_CALLER in
-- src/features/presence/constants.ts).
create function private.presence_tab_limit()
returns integer
language sql
immutable
as $$ select 20 $$;

-- The caller's address as presence groups visitors: IPv4 whole, IPv6 by its /64.
create function private.presence_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  raw text := private.request_client_ip();
  ip inet;
begin
  if raw is null then
    return '';
  end if;
  begin
    ip := raw::inet;
  exception
    when others then
      return raw;
  end;
  if family(ip) = 6 then
    return network(set_masklen(ip, 64))::text;
  end if;
  return host(ip);
end;
$$;

create or replace function public.presence_beat(tab_key uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  addr text := case when me is null then private.presence_address() end;
begin
  if tab_key is null then
    raise exception 'tab_key is required.' using errcode = '22023';
  end if;
  -- A tab not counted now (new, or silent past 90 s) counts only within the caller's limit; the
  -- lock makes a burst of new tabs count one after another.
  if not exists (select 1 from private.presence_tabs t
                  where t.tab = tab_key and t.last_seen_at > now() - interval '90 seconds') then
    perform pg_advisory_xact_lock(hashtext('presence:' || coalesce(me::text, 'address:' || addr)));
    if (select count(*) from private.presence_tabs t
         where t.last_seen_at > now() - interval '90 seconds'
           and t.tab <> tab_key
           and case when me is null then t.user_id is null and t.address = addr else t.user_id = me end)
       >= private.presence_tab_limit() then
      raise exception using errcode = 'PT429',
        message = case when me is null
          then 'Too many visitor tabs from this address are counted online. Close some, or try again in a few minutes.'
          else 'Too many of your tabs are counted online. Close some, or try again in a few minutes.' end;
    end if;
  end if;
  insert into private.presence_tabs as t (tab, user_id, address) values (tab_key, me, addr)
  on conflict (tab) do update
    set last_seen_at = now(),
        address = excluded.address,
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

-- Who is online, without counting the caller: what a tab refused above shows.
create function public.online_summary()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.presence_summary() || jsonb_build_object('at', clock_timestamp());
$$;

revoke execute on function private.presence_tab_limit(), private.presence_address() from public, anon, authenticated, service_role;
revoke execute on function public.online_summary() from public;
grant execute on function public.online_summary() to anon, authenticated, service_role;
