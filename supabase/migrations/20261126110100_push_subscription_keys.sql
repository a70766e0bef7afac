-- The push function encrypts every notification with the keys a browser gave
-- for its subscription; keys that are not what the Web Push encryption needs
-- made it fail on every notification to that member. They are checked when a
-- subscription is stored: `p256dh` is the browser's public key, an uncompressed
-- P-256 point (65 bytes starting with 0x04), and `auth` its 16-byte secret,
-- both base64url as PushSubscription.toJSON() gives them (padding optional).

create or replace function private.base64url_bytes(p_value text) returns bytea
language plpgsql immutable
set search_path = ''
as $$
declare
  body text;
begin
  if p_value is null or p_value !~ '^[A-Za-z0-9_-]+={0,2}$' or char_length(p_value) > 200 then
    return null;
  end if;
  body := translate(rtrim(p_value, '='), '-_', '+/');
  if char_length(body) % 4 = 1 then
    return null;
  end if;
  return decode(body || repeat('=', (4 - char_length(body) % 4) % 4), 'base64');
exception when others then
  return null;
end
$$;

create or replace function private.validate_push_subscription_keys() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  point bytea := private.base64url_bytes(new.p256dh);
  secret bytea := private.base64url_bytes(new.auth);
begin
  if tg_op = 'UPDATE' and new.p256dh is not distinct from old.p256dh and new.auth is not distinct from old.auth then
    return new;
  end if;
  if point is null or length(point) <> 65 or get_byte(point, 0) <> 4 then
    raise exception using errcode = '23514',
      message = 'Push subscription key p256dh must be an uncompressed P-256 public key: 65 bytes starting with 0x04, in base64url.';
  end if;
  if secret is null or length(secret) <> 16 then
    raise exception using errcode = '23514',
      message = 'Push subscription key auth must be a 16-byte secret in base64url.';
  end if;
  return new;
end
$$;

revoke execute on function private.base64url_bytes(text), private.validate_push_subscription_keys() from public;
grant execute on function private.base64url_bytes(text), private.validate_push_subscription_keys()
  to anon, authenticated, service_role;

create trigger push_subscriptions_validate_keys before insert or update on public.push_subscriptions
  for each row execute function private.validate_push_subscription_keys();
