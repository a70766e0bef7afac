-- The hub's "New" mark follows the member from device to device.
--
-- member_marks: one row per member, theirs alone. hub_visited_at is the furthest moment the member
--   opened the hub on any device: threads created after it are new to them. It only moves forward,
--   whichever device writes and in whichever order (the later time wins), and never past the
--   server's clock (a device whose clock runs ahead is clamped to now).
-- The device's store has no collection to spare for it, and one timestamp per member needs no
-- replication: the device keeps its own value (so the mark works offline) and trades it for the
-- stored one through mark_hub_visit when the hub shows and when the connection returns.

create table public.member_marks (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  hub_visited_at timestamptz not null,
  updated_at timestamptz not null default now()
);

create or replace function private.keep_member_mark_forward() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if new.user_id is distinct from old.user_id then
      raise exception using errcode = '42501', message = 'A member''s marks cannot be handed to another member.';
    end if;
    new.hub_visited_at := greatest(old.hub_visited_at, least(new.hub_visited_at, now()));
  else
    new.hub_visited_at := least(new.hub_visited_at, now());
  end if;
  new.updated_at := now();
  return new;
end
$$;

revoke execute on function private.keep_member_mark_forward() from public, anon, authenticated;

create trigger member_marks_forward before insert or update on public.member_marks
  for each row execute function private.keep_member_mark_forward();

alter table public.member_marks enable row level security;

-- Members read their own row; they write it only through mark_hub_visit.
create policy "Members see their own marks" on public.member_marks
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on table public.member_marks from anon, authenticated, service_role;
grant select on table public.member_marks to authenticated;
grant select, insert, update, delete on table public.member_marks to service_role;

-- Records a hub visit of the calling member and answers the furthest visit stored before it (null
-- the first time), so the device marks what arrived since the member last looked on any device.
create or replace function public.mark_hub_visit(p_at timestamptz) returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  member uuid := auth.uid();
  previous timestamptz;
begin
  if member is null then
    raise exception using errcode = '42501', message = 'Sign in to keep your hub visits across devices.';
  end if;
  if p_at is null then
    raise exception using errcode = '22023', message = 'A hub visit needs the time it happened.';
  end if;
  select m.hub_visited_at into previous from public.member_marks m where m.user_id = member for update;
  insert into public.member_marks as m (user_id, hub_visited_at) values (member, p_at)
    on conflict (user_id) do update set hub_visited_at = excluded.hub_visited_at;
  return previous;
end
$$;

revoke execute on function public.mark_hub_visit(timestamptz) from public, anon, service_role;
grant execute on function public.mark_hub_visit(timestamptz) to authenticated;
