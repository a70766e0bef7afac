-- Push delivery needs database webhooks (the supabase_functions schema), which a
-- hosted project has only once they are enabled in the dashboard (Database →
-- Webhooks). Configuring delivery before that now says so, instead of failing
-- with "function supabase_functions.http_request() does not exist".

create or replace function private.configure_push_delivery(
  function_url text,
  service_role_key text,
  timeout_ms integer default 10000
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if to_regprocedure('supabase_functions.http_request()') is null then
    raise exception 'configure_push_delivery: database webhooks are not enabled on this project'
      using hint = 'Enable them in the dashboard (Database, Webhooks), then run this again.';
  end if;
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
