-- Notifications: written only by triggers; the owner reads them and flips is_read.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  type text not null,
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  content_preview text,
  related_entity_id uuid,
  target_entity_id uuid,
  actor_id uuid references public.profiles (id) on delete set null,
  actor_username text,
  actor_avatar_url text,
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create index notifications_user_created_idx on public.notifications (user_id, created_at desc);
create index notifications_user_unread_idx on public.notifications (user_id) where not is_read and not _deleted;
create index notifications_modified_id_idx on public.notifications (_modified, id);

create trigger notifications_set_modified before insert or update on public.notifications
  for each row execute function private.set_modified();
create trigger notifications_soft_delete before delete on public.notifications
  for each row execute function private.soft_delete();

create or replace function private.guard_notification_columns() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_member_request()
     and (to_jsonb(new) - 'is_read' - '_modified') is distinct from (to_jsonb(old) - 'is_read' - '_modified') then
    raise exception using errcode = '42501', message = 'Permission denied: only is_read of a notification can be changed.';
  end if;
  return new;
end
$$;

create trigger notifications_guard_columns before update on public.notifications
  for each row execute function private.guard_notification_columns();

alter table public.notifications enable row level security;

create policy "Members read their own notifications" on public.notifications
  for select to authenticated using (user_id = auth.uid());
create policy "Members mark their own notifications" on public.notifications
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());

-- One notification, never to the actor themself. Actor fields are copied so the
-- list renders offline without a profile lookup.
create or replace function private.notify(
  recipient uuid, kind text, actor uuid, preview text, related uuid, target uuid
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if recipient is null or recipient = actor then
    return;
  end if;
  insert into public.notifications (user_id, type, actor_id, actor_username, actor_avatar_url,
                                    content_preview, related_entity_id, target_entity_id)
  select recipient, kind, actor, p.username, p.avatar_url, left(preview, 200), related, target
  from (select 1) one
  left join public.profiles p on p.id = actor;
end
$$;

-- Plain text preview of member HTML for notification lists and push bodies.
create or replace function private.text_preview(html text, max_length integer default 140) returns text
language sql immutable
as $$
  select left(private.trim_ws(regexp_replace(regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'), '\s+', ' ', 'g')), max_length)
$$;
