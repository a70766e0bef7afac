-- The database work of one reply no longer grows with the number of pages open. Each community
-- message made every open page pull each table it named, so a reply cost one PostgREST request
-- per page per table, and a burst of replies two rounds of them (the message that opened the
-- window, then the one that sent what it held back). Now:
--
-- * A message that carries the discussion headers a transaction wrote does not also name the
--   discussions table: every page applies them at once, and pulling them again cost each page a
--   request. Headers written while the window is closed wait in `held_headers` and travel, in
--   full, with the next message (a deletion still names the table).
-- * A change the window holds back in a table the last message named waits for nothing: every
--   page pulls the tables a message names no earlier than LIVE_PULL_DELAY_MS (3 s) after it, past
--   the 2 s window, so that pull brings it. Only tables the last message did not name wait in
--   `pending` for the next message, as before.
--
-- Together with pages pulling once per burst (src/db/replication/live.ts), a burst of replies
-- costs each page one pull of posts and one of user_activities.

alter table private.live_signals
  add column named text[] not null default '{}',
  add column held_headers uuid[] not null default '{}';

create or replace function private.live_note_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- inserted and updated discussions travel in full as headers (live_thread_rows notes them)
  if not (tg_table_name = 'discussions' and tg_op in ('INSERT', 'UPDATE')) then
    perform set_config('live.tables', concat_ws(',', nullif(current_setting('live.tables', true), ''), tg_table_name), true);
  end if;
  insert into private.live_transactions (txid) values (txid_current()) on conflict do nothing;
  return null;
exception
  when others then
    raise warning 'live stream: %', sqlerrm;
    return null;
end;
$$;

create or replace function private.live_flush()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed text[];
  headers uuid[];
  waiting text[];
  waiting_headers uuid[];
begin
  delete from private.live_transactions where txid = new.txid;
  select coalesce(array_agg(distinct t order by t), '{}') into changed
    from unnest(string_to_array(nullif(current_setting('live.tables', true), ''), ',')) as t;
  select coalesce(array_agg(distinct h::uuid), '{}') into headers
    from unnest(string_to_array(nullif(current_setting('live.discussions', true), ''), ',')) as h;
  perform set_config('live.tables', '', true), set_config('live.discussions', '', true);

  update private.live_signals s
     set sent_at = clock_timestamp(), pending = '{}', held_headers = '{}',
         named = array(select distinct t from unnest(changed || before.pending) as t order by t)
    from (select pending, held_headers from private.live_signals where topic = 'community') as before
   where s.topic = 'community' and s.sent_at <= clock_timestamp() - interval '2 seconds'
  returning before.pending, before.held_headers into waiting, waiting_headers;
  if found then
    perform realtime.send(
      jsonb_build_object(
        'tables', to_jsonb(array(select distinct t from unnest(changed || waiting) as t order by t)),
        'discussions', coalesce(
          (select jsonb_agg(to_jsonb(d) - 'search_vector') from public.discussions d where d.id = any (headers || waiting_headers)),
          '[]'::jsonb)
      ),
      'changed', 'community', true);
  elsif cardinality(changed) > 0 or cardinality(headers) > 0 then
    -- held back: tables the last message named are pulled after its window anyway
    update private.live_signals
       set pending = array(select distinct t from unnest(pending || changed) as t where t <> all (named) order by t),
           held_headers = array(select distinct h from unnest(held_headers || headers) as h)
     where topic = 'community'
       and not (pending || named @> changed and held_headers @> headers);
  end if;
  return null;
exception
  when others then
    raise warning 'live stream: %', sqlerrm;
    return null;
end;
$$;

create or replace function private.presence_tick()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  current jsonb := private.presence_summary();
  waiting text[];
  waiting_headers uuid[];
begin
  begin
    -- tabs gone for good (never said goodbye): kept a while only so a short drop keeps its arrival time
    delete from private.presence_tabs where last_seen_at < now() - interval '10 minutes';
    update private.presence_signal
       set sent_at = clock_timestamp(), summary = current, held = false
     where topic = 'online'
       and summary is distinct from current
       and sent_at <= clock_timestamp() - interval '10 seconds';
    if found then
      -- The summary names one tab (by a digest of its key) to stamp once when the window reopens:
      -- the longest-open one, the likeliest to still be there. Usually that stamp sends what was
      -- held as the window reopens; the flush job is there for when that tab has gone.
      perform realtime.send(
        current || jsonb_build_object(
          'at', clock_timestamp(),
          'clock', (select encode(sha256(convert_to(t.tab::text, 'UTF8')), 'hex')
                      from private.presence_tabs t
                     where t.last_seen_at > now() - interval '90 seconds'
                     order by t.online_since, t.tab
                     limit 1)),
        'summary', 'online', true);
    else
      -- held while the list differs from what was last sent (an arrival and its departure in one
      -- window cancel out)
      update private.presence_signal
         set held = (summary is distinct from current)
       where topic = 'online'
         and held is distinct from (summary is distinct from current);
    end if;

    -- the community topic's trailing edge: what its window held back, headers in full
    update private.live_signals s
       set sent_at = clock_timestamp(), pending = '{}', held_headers = '{}', named = before.pending
      from (select pending, held_headers from private.live_signals where topic = 'community') as before
     where s.topic = 'community'
       and (cardinality(s.pending) > 0 or cardinality(s.held_headers) > 0)
       and s.sent_at <= clock_timestamp() - interval '2 seconds'
    returning before.pending, before.held_headers into waiting, waiting_headers;
    if found then
      perform realtime.send(
        jsonb_build_object(
          'tables', to_jsonb(waiting),
          'discussions', coalesce(
            (select jsonb_agg(to_jsonb(d) - 'search_vector') from public.discussions d where d.id = any (waiting_headers)),
            '[]'::jsonb)),
        'changed', 'community', true);
    end if;
  exception
    when others then
      raise warning 'presence: %', sqlerrm;
  end;
  -- the caller's answer carries the time too, so a page keeps whichever list is newest
  return current || jsonb_build_object('at', clock_timestamp());
end;
$$;

create or replace function private.presence_flush()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from private.presence_signal
              where topic = 'online' and held and sent_at <= clock_timestamp() - interval '10 seconds')
     or exists (select 1 from private.live_signals
                 where topic = 'community' and (cardinality(pending) > 0 or cardinality(held_headers) > 0)
                   and sent_at <= clock_timestamp() - interval '2 seconds') then
    perform private.presence_tick();
  end if;
end;
$$;
