-- What the online topic's window held back goes out within the window plus a few seconds,
-- whatever tabs remain open. Until now a held arrival or departure waited for the next stamp of
-- some tab: the one the last summary named, or, if that tab had closed, anyone's regular stamp,
-- up to 30 s later (and never, with no tab left open). Now the database marks the list as held
-- when a stamp or a goodbye changes it inside the window, and a pg_cron job sends it as soon as
-- the window reopens: it looks every 5 seconds, so a held change is out at most 15 s after the
-- summary before it. The same job sends the community topic's held-back tables.
--
-- The job reads one row when nothing is held, and sends through the windows, so it adds no
-- message: the online topic still speaks at most once per 10 s and the community topic once per
-- 2 s, whatever the community's size.
--
-- Hosted Supabase's pg_cron (1.5 and later) runs a job every few seconds. Older pg_cron (Debian's
-- 1.4, which the local stack uses) schedules by the minute at finest; there the job runs once a
-- minute and looks every 5 seconds through it, committing after each look.

create extension if not exists pg_cron;

alter table private.presence_signal add column held boolean not null default false;

-- As before, and: a change the window holds back is marked, so the flush job finds it.
create or replace function private.presence_tick()
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

-- Sends what a topic's window held back, once the window is open again; otherwise reads two rows
-- and does nothing.
create function private.presence_flush()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from private.presence_signal
              where topic = 'online' and held and sent_at <= clock_timestamp() - interval '10 seconds')
     or exists (select 1 from private.live_signals
                 where topic = 'community' and cardinality(pending) > 0 and sent_at <= clock_timestamp() - interval '2 seconds') then
    perform private.presence_tick();
  end if;
end;
$$;

-- The minute-long substitute for a seconds schedule. A procedure that commits may carry no SET
-- clause and may not be security definer, hence the qualified names; it runs as the job's owner.
-- One at a time: a run that finds another still looping returns at once.
create procedure private.presence_flush_for_a_minute()
language plpgsql
as $$
declare
  started timestamptz := pg_catalog.clock_timestamp();
begin
  if not pg_catalog.pg_try_advisory_lock(pg_catalog.hashtext('private.presence_flush')) then
    return;
  end if;
  -- looks at 0, 5, ..., 55 s; the next minute's run looks at 60
  loop
    perform private.presence_flush();
    commit;
    exit when pg_catalog.clock_timestamp() >= started + interval '55 seconds';
    perform pg_catalog.pg_sleep(5);
  end loop;
  perform pg_catalog.pg_advisory_unlock(pg_catalog.hashtext('private.presence_flush'));
end;
$$;

revoke execute on function private.presence_flush() from public, anon, authenticated, service_role;
revoke execute on procedure private.presence_flush_for_a_minute() from public, anon, authenticated, service_role;

do $$
begin
  perform cron.schedule('presence-flush', '5 seconds', 'select private.presence_flush()');
exception
  when others then
    -- pg_cron before 1.5 refuses seconds schedules
    perform cron.schedule('presence-flush', '* * * * *', 'call private.presence_flush_for_a_minute()');
end;
$$;
