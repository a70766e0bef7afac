-- The app's live stream, as broadcast from the database on private topics (Supabase's advice for
-- scale): joining is authorized once by the realtime.messages policies below, and delivery then
-- costs the database nothing per subscriber.
--
--   community        one message per committing transaction at most every 2 s (leading edge):
--                    the tables it changed (plus those changed while the window was closed) and
--                    the discussion headers it changed, in full. Devices apply the headers and
--                    re-pull the named tables from their checkpoints, coalesced on their side.
--   thread:<id>      every post and header row of one thread, in full, for the pages showing it.
--   member:<uid>     a member's own notifications, in full, for that member only.
--
-- Nobody but the server writes into these topics: no insert policy opens them, and the triggers
-- below send as their owner. A failing send only warns (realtime.send), and so does every step
-- here: the live stream never undoes a member's write.

-- The community topic's throttle: when it last spoke and what changed since without a message.
create table private.live_signals (
  topic text primary key,
  sent_at timestamptz not null default '-infinity',
  pending text[] not null default '{}'
);
insert into private.live_signals (topic) values ('community');

-- One row per writing transaction, removed at its commit: the deferred trigger on it sends the
-- transaction's one community message once every statement has run.
create unlogged table private.live_transactions (
  txid bigint primary key
);

revoke all on private.live_signals, private.live_transactions from public, anon, authenticated, service_role;

-- Statement level, on every table devices keep: notes the table in the transaction and arms the
-- commit-time flush.
create function private.live_note_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('live.tables', concat_ws(',', nullif(current_setting('live.tables', true), ''), tg_table_name), true);
  insert into private.live_transactions (txid) values (txid_current()) on conflict do nothing;
  return null;
exception
  when others then
    raise warning 'live stream: %', sqlerrm;
    return null;
end;
$$;

-- At commit: one community message when the window is open, else the tables wait in `pending`
-- for the next one (devices re-pull those tables after the window too, so none waits longer).
create function private.live_flush()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed text[];
  headers uuid[];
  waiting text[];
begin
  delete from private.live_transactions where txid = new.txid;
  select coalesce(array_agg(distinct t order by t), '{}') into changed
    from unnest(string_to_array(nullif(current_setting('live.tables', true), ''), ',')) as t;
  select coalesce(array_agg(distinct h::uuid), '{}') into headers
    from unnest(string_to_array(nullif(current_setting('live.discussions', true), ''), ',')) as h;
  perform set_config('live.tables', '', true), set_config('live.discussions', '', true);

  update private.live_signals s set sent_at = clock_timestamp(), pending = '{}'
    from (select pending from private.live_signals where topic = 'community') as before
    where s.topic = 'community' and s.sent_at <= clock_timestamp() - interval '2 seconds'
    returning before.pending into waiting;
  if found then
    perform realtime.send(
      jsonb_build_object(
        'tables', to_jsonb(array(select distinct t from unnest(changed || waiting) as t order by t)),
        'discussions', coalesce(
          (select jsonb_agg(to_jsonb(d) - 'search_vector') from public.discussions d where d.id = any (headers)),
          '[]'::jsonb)
      ),
      'changed', 'community', true);
  elsif cardinality(changed) > 0 then
    update private.live_signals
      set pending = array(select distinct t from unnest(pending || changed) as t order by t)
      where topic = 'community' and not pending @> changed;
  end if;
  return null;
exception
  when others then
    raise warning 'live stream: %', sqlerrm;
    return null;
end;
$$;

create constraint trigger live_flush after insert on private.live_transactions
  deferrable initially deferred
  for each row execute function private.live_flush();

-- Rows a thread page shows, to that thread's topic; discussion headers also join the
-- transaction's community message.
create function private.live_thread_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'discussions' then
    perform set_config('live.discussions', concat_ws(',', nullif(current_setting('live.discussions', true), ''), new.id::text), true);
    perform realtime.send(jsonb_build_object('row', to_jsonb(new) - 'search_vector'), 'discussions', 'thread:' || new.id::text, true);
  else
    perform realtime.send(jsonb_build_object('row', to_jsonb(new)), 'posts', 'thread:' || new.discussion_id::text, true);
  end if;
  return null;
exception
  when others then
    raise warning 'live stream: %', sqlerrm;
    return null;
end;
$$;

create function private.live_member_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(jsonb_build_object('row', to_jsonb(new)), tg_table_name, 'member:' || new.user_id::text, true);
  return null;
exception
  when others then
    raise warning 'live stream: %', sqlerrm;
    return null;
end;
$$;

revoke execute on function private.live_note_change(), private.live_flush(), private.live_thread_rows(), private.live_member_rows()
  from public, anon, authenticated;

create trigger live_thread_rows after insert or update on public.discussions
  for each row execute function private.live_thread_rows();
create trigger live_thread_rows after insert or update on public.posts
  for each row execute function private.live_thread_rows();
create trigger live_member_rows after insert or update on public.notifications
  for each row execute function private.live_member_rows();

do $$
declare
  t text;
begin
  foreach t in array array['profiles', 'followers', 'user_activities', 'discussions', 'posts', 'reactions', 'user_content', 'blog_posts'] loop
    execute format('create trigger live_note_change after insert or update or delete on public.%I for each statement execute function private.live_note_change()', t);
  end loop;
end $$;

-- Who may join: anyone (visitors too) the community topic and the topic of a thread they can
-- read; a member only their own member topic. Reading a thread topic asks the discussions'
-- own policies, as the joining caller.
create policy "Live topics: anyone follows the community and readable threads"
  on realtime.messages for select to anon, authenticated
  using (
    extension = 'broadcast'
    and (
      realtime.topic() = 'community'
      or exists (
        select 1 from public.discussions d
        where d.id = case
          when realtime.topic() ~ '^thread:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then substr(realtime.topic(), 8)::uuid
        end
      )
    )
  );

create policy "Live topics: a member follows their own member topic"
  on realtime.messages for select to authenticated
  using (extension = 'broadcast' and realtime.topic() = 'member:' || (select auth.uid())::text);
