-- Contact form messages: anyone may send, nobody but the service role reads.
-- Sync columns exist because the app pushes them through replication (push only).

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  subject text not null,
  message text not null,
  user_id uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint contact_messages_lengths check (
    char_length(name) <= 200 and char_length(email) <= 320 and char_length(subject) <= 300
    and char_length(message) <= 10000)
);

create index contact_messages_created_idx on public.contact_messages (created_at desc);

create trigger contact_messages_set_modified before insert or update on public.contact_messages
  for each row execute function private.set_modified();

create or replace function private.validate_contact_message() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := private.trim_ws(new.name);
  new.email := private.trim_ws(new.email);
  new.subject := private.trim_ws(new.subject);
  new.message := private.trim_ws(new.message);
  if coalesce(new.name, '') = '' or coalesce(new.email, '') = '' or coalesce(new.subject, '') = ''
     or coalesce(new.message, '') = '' then
    raise exception using errcode = '23514', message = 'Name, email, subject and message are required.';
  end if;
  if new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception using errcode = '23514', message = 'Please enter a valid email address.';
  end if;
  if private.is_member_request() then
    -- The sender is whoever is signed in, never a user id the client chose.
    new.user_id := auth.uid();
  end if;
  return new;
end
$$;

create trigger contact_messages_validate before insert on public.contact_messages
  for each row execute function private.validate_contact_message();

alter table public.contact_messages enable row level security;

create policy "Anyone may send a contact message" on public.contact_messages
  for insert to anon, authenticated with check (true);
