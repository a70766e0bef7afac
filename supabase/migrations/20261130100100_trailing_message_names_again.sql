-- The community topic's trailing message names again the tables the message before it named. A
-- burst of replies made the leading message name posts; the replies inside its window were left to
-- the pages' pull after it, and the trailing message (the held headers, sent by the flush job or a
-- stamp once the window reopened) named no table, so it set `named` to nothing. The burst's next
-- reply then waited in `pending`, the next message named posts again, and every page pulled posts
-- twice, a whole pull interval apart (the fan-out benchmark: two rounds per page for five replies).
-- Named again, those tables are pulled by every page no earlier than the delay after the trailing
-- message, which covers its window as well; the pages' scheduler folds that into the burst's one
-- pull. No message is added, and a message carries a few more table names at most.

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

    -- the community topic's trailing edge: what its window held back, headers in full, and the
    -- tables the message before named (their held changes are left to the pull after this one)
    update private.live_signals s
       set sent_at = clock_timestamp(), pending = '{}', held_headers = '{}',
           named = array(select distinct t from unnest(before.pending || before.named) as t order by t)
      from (select pending, held_headers, named from private.live_signals where topic = 'community') as before
     where s.topic = 'community'
       and (cardinality(s.pending) > 0 or cardinality(s.held_headers) > 0)
       and s.sent_at <= clock_timestamp() - interval '2 seconds'
    returning s.named, before.held_headers into waiting, waiting_headers;
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

-- Replacing keeps the function's privileges; said again: only the database's own functions call it.
revoke execute on function private.presence_tick() from public, anon, authenticated;
