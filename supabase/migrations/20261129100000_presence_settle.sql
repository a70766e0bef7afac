-- The online list settles before it is sent. Until now a change went out at once when the
-- online window was open (leading edge), so one member signing in on another device for a few
-- seconds cost every open page two summaries: the arrival at once, the departure when the window
-- reopened. Now a change is held until it has stood for the window (10 s) as well as the window
-- having passed since the last summary: an arrival whose departure comes before that returns the
-- list to what the pages already have, nothing is held any more, and nothing is sent. A real
-- arrival or departure still shows within the window plus the flush job's look (5 s): at most
-- 15 s after it happened. The topic still speaks at most once per 10 s, and only when the list
-- differs from what it last said, so the per-member bound stays 0.1 messages/s.
--
-- held_since: when the list first differed from the last summary (null while it does not). A
-- stream of changes keeps the first time, so a busy community still gets a summary every 10-15 s
-- rather than waiting for a quiet moment.

alter table private.presence_signal add column held_since timestamptz;

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
    -- what differs from the last summary is held from the moment it first differs; a list back to
    -- what was sent (a short visit over) holds nothing
    update private.presence_signal
       set held = (summary is distinct from current),
           held_since = case when summary is distinct from current then coalesce(held_since, clock_timestamp()) end
     where topic = 'online'
       and (held is distinct from (summary is distinct from current)
            or (held_since is null) = (summary is distinct from current));
    update private.presence_signal
       set sent_at = clock_timestamp(), summary = current, held = false, held_since = null
     where topic = 'online'
       and summary is distinct from current
       and sent_at <= clock_timestamp() - interval '10 seconds'
       and held_since <= clock_timestamp() - interval '10 seconds';
    if found then
      -- The summary still names one tab (by a digest of its key) to stamp once when the window
      -- reopens; the flush job sends whatever has settled by then if that stamp finds it too early.
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

-- As before, and: a held list is sent only once it has settled.
create or replace function private.presence_flush()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from private.presence_signal
              where topic = 'online' and held
                and sent_at <= clock_timestamp() - interval '10 seconds'
                and held_since <= clock_timestamp() - interval '10 seconds')
     or exists (select 1 from private.live_signals
                 where topic = 'community' and (cardinality(pending) > 0 or cardinality(held_headers) > 0)
                   and sent_at <= clock_timestamp() - interval '2 seconds') then
    perform private.presence_tick();
  end if;
end;
$$;
