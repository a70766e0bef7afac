-- The server POSTs to every endpoint stored here, so a member could make it
-- call any address (an internal admin URL on loopback, say). Only https
-- endpoints of the browsers' push services are accepted: Google FCM (Chrome,
-- Edge on Android), Mozilla autopush (Firefox), Apple web push (Safari) and
-- Windows WNS (Edge on Windows). The send-push function applies the same list.
--
-- A local stack's tests run a stand-in push service on loopback; they register
-- its origin in private.push_test_endpoints as the database owner. The table is
-- empty on a hosted project and no API role can write it.

create table private.push_test_endpoints (
  origin text primary key,
  constraint push_test_endpoints_loopback check (origin ~ '^https?://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]{1,5})?$')
);
alter table private.push_test_endpoints enable row level security;
revoke all on table private.push_test_endpoints from public, anon, authenticated, service_role;

create or replace function private.push_endpoint_allowed(p_endpoint text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  host text;
  v_origin text;
begin
  if p_endpoint is null or char_length(p_endpoint) > 2048 then
    return false;
  end if;
  host := lower(substring(p_endpoint from '^https://([A-Za-z0-9.-]+)(?::443)?/'));
  if host is not null and (
       host in ('fcm.googleapis.com', 'android.googleapis.com')
       or host = 'push.services.mozilla.com' or host like '%.push.services.mozilla.com'
       or host like '%.push.apple.com'
       or host like '%.notify.windows.com') then
    return true;
  end if;
  v_origin := lower(substring(p_endpoint from '^(https?://(?:127\.0\.0\.1|localhost|\[::1\])(?::[0-9]{1,5})?)/'));
  return v_origin is not null and exists (select 1 from private.push_test_endpoints t where t.origin = v_origin);
end
$$;

revoke execute on function private.push_endpoint_allowed(text) from public;
grant execute on function private.push_endpoint_allowed(text) to anon, authenticated, service_role;

create or replace function private.validate_push_subscription() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.endpoint is not distinct from old.endpoint then
    return new;
  end if;
  if not private.push_endpoint_allowed(new.endpoint) then
    raise exception using errcode = '23514',
      message = 'Push endpoint must be an https address of a known push service.';
  end if;
  return new;
end
$$;

revoke execute on function private.validate_push_subscription() from public;
grant execute on function private.validate_push_subscription() to anon, authenticated, service_role;

create trigger push_subscriptions_validate before insert or update on public.push_subscriptions
  for each row execute function private.validate_push_subscription();

-- For send-push, which checks every endpoint again right before it calls it.
create or replace function public.push_endpoint_allowed(p_endpoint text) returns boolean
language sql stable
set search_path = ''
as $$
  select private.push_endpoint_allowed(p_endpoint)
$$;

revoke execute on function public.push_endpoint_allowed(text) from public, anon, authenticated;
grant execute on function public.push_endpoint_allowed(text) to service_role;
