-- Web Push delivery: a database webhook on the notifications members can be pushed
-- (replies, quotes and mentions, new followers, likes) calls the send-push edge
-- function. supabase_functions.http_request sends after the insert commits (pg_net on
-- hosted Supabase, the gateway's queue on the local stack), so delivery never blocks
-- or fails the write that caused the notification.
--
-- A migration cannot know the function's URL or the service-role key, and must not
-- know which stack it runs on. Each deployment states them once:
--   select private.configure_push_delivery('https://<ref>.supabase.co/functions/v1/send-push', '<service role key>');
-- (the local stack runs this on every start with its own URL and key). Until then
-- notifications are stored as usual and nothing is pushed.

create or replace function private.configure_push_delivery(
  function_url text,
  service_role_key text,
  timeout_ms integer default 10000
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if function_url is null or function_url !~ '^https?://[^/]+/' then
    raise exception 'configure_push_delivery: function_url must be the http(s) URL of send-push';
  end if;
  if coalesce(service_role_key, '') = '' then
    raise exception 'configure_push_delivery: service_role_key is required';
  end if;
  -- Trigger arguments are literals, so the trigger is recreated with the values; configuring
  -- twice simply replaces it.
  execute 'drop trigger if exists notifications_push_delivery on public.notifications';
  execute format(
    $ddl$
      create trigger notifications_push_delivery
        after insert on public.notifications
        for each row
        when (new.type in ('new_reply', 'discussion_mention', 'new_follower', 'like_content') and not new._deleted)
        execute function supabase_functions.http_request(%L, 'POST', %L, '{}', %L)
    $ddl$,
    function_url,
    jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_role_key)::text,
    greatest(timeout_ms, 1000)::text
  );
end
$$;

-- Only the database owner (migrations, the SQL editor, the local stack) may point deliveries somewhere.
revoke all on function private.configure_push_delivery(text, text, integer) from public, anon, authenticated, service_role;

-- Sign-out on a device: the session is gone by the time the app can clean up, so the device
-- proves it holds the subscription with the subscription's own auth secret (a random value
-- only the browser and this table know) instead of a member token.
create or replace function public.forget_push_subscription(p_endpoint text, p_auth text) returns boolean
language sql security definer
set search_path = ''
as $$
  with gone as (
    delete from public.push_subscriptions
     where endpoint = p_endpoint and auth = p_auth
    returning 1
  )
  select exists (select 1 from gone)
$$;

revoke all on function public.forget_push_subscription(text, text) from public;
grant execute on function public.forget_push_subscription(text, text) to anon, authenticated, service_role;
