-- Contact messages are limited per sender: a signed-in member by their id, a
-- visitor by the client address the API gateway forwards (Cloudflare's
-- cf-connecting-ip on hosted Supabase, else the first x-forwarded-for entry,
-- which PostgREST exposes in request.headers). Over the limit the answer is 429,
-- which the app treats as "try later", so a queued message is sent later.
-- The log keeps only what the window needs.

create table private.contact_message_senders (
  sender text not null,
  sent_at timestamptz not null default now()
);
create index contact_message_senders_idx on private.contact_message_senders (sender, sent_at desc);
alter table private.contact_message_senders enable row level security;
revoke all on table private.contact_message_senders from public, anon, authenticated, service_role;

-- Messages per sender per hour: a member is one person; an address may be a
-- household or an office behind one router, so visitors share a larger budget.
create or replace function private.contact_message_limit(p_sender text) returns integer
language sql immutable
as $$ select case when p_sender like 'member:%' then 5 else 10 end $$;

create or replace function private.request_client_ip() returns text
language plpgsql stable
set search_path = ''
as $$
declare
  headers jsonb;
begin
  begin
    headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    return null;
  end;
  return nullif(private.trim_ws(coalesce(headers ->> 'cf-connecting-ip',
                                         split_part(headers ->> 'x-forwarded-for', ',', 1))), '');
end
$$;

create or replace function private.count_contact_message(p_sender text) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  recent integer;
begin
  delete from private.contact_message_senders where sent_at < now() - interval '1 hour';
  select count(*) into recent from private.contact_message_senders
   where sender = p_sender and sent_at > now() - interval '1 hour';
  if recent >= private.contact_message_limit(p_sender) then
    return recent;
  end if;
  insert into private.contact_message_senders (sender) values (p_sender);
  return recent;
end
$$;

create or replace function private.limit_contact_messages() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  sender text;
begin
  if not private.is_member_request() then
    return null;
  end if;
  sender := coalesce('member:' || auth.uid()::text, 'ip:' || private.request_client_ip());
  if sender is null then
    return null;
  end if;
  if private.count_contact_message(sender) >= private.contact_message_limit(sender) then
    raise exception using errcode = 'PT429',
      message = 'You have sent too many messages. Please try again later.';
  end if;
  return null;
end
$$;

revoke execute on function private.contact_message_limit(text), private.request_client_ip(),
  private.count_contact_message(text), private.limit_contact_messages() from public;
grant execute on function private.contact_message_limit(text), private.request_client_ip(),
  private.count_contact_message(text), private.limit_contact_messages() to anon, authenticated, service_role;

-- Once per statement, after the row triggers (so only well-formed messages
-- count) and after the one-row-per-request check (statement triggers fire in
-- name order), so a bulk request is refused as bulk, not counted.
create trigger contact_messages_rate_limit after insert on public.contact_messages
  for each statement execute function private.limit_contact_messages();
