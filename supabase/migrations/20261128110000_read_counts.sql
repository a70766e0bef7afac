-- How many of a thread's posts a member's read point covers, so a device can tell "3 new" for a
-- thread whose posts it does not hold: the thread's post_count less read_count.
--
-- The database sets it from the (already clamped, furthest-wins) read point, whatever a device sends,
-- so no device can make a thread look read. A post deleted or restored before someone's read point
-- changes what that point covers: their count is recomputed then, so the difference stays right.

alter table public.discussion_reads add column read_count integer not null default 0
  constraint discussion_reads_read_count_non_negative check (read_count >= 0);

-- Devices keep times to the millisecond and the database to the microsecond: a read point a device sent is
-- the millisecond of the post it reached, which must cover that post, so both sides compare milliseconds.
create or replace function private.discussion_read_count(discussion uuid, read_at timestamptz) returns integer
language sql stable security definer
set search_path = ''
as $$
  select case when read_at is null then 0 else
    (select count(*)::integer from public.posts p
      where p.discussion_id = discussion and not p._deleted
        and p.created_at < date_trunc('milliseconds', read_at) + interval '1 millisecond')
  end
$$;

revoke execute on function private.discussion_read_count(uuid, timestamptz) from public, anon, authenticated;

create or replace function private.count_read_posts() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.read_count := private.discussion_read_count(new.discussion_id, new.last_read_at);
  return new;
end
$$;

revoke execute on function private.count_read_posts() from public, anon, authenticated;

-- Named to run after discussion_reads_validate (triggers fire in name order): it counts up to the
-- point that one settled.
create trigger discussion_reads_validate_then_count before insert or update on public.discussion_reads
  for each row execute function private.count_read_posts();

create or replace function private.recount_reads_after_post_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new._deleted is distinct from old._deleted then
    -- Rewriting the read point recomputes the count (the trigger above) and sends the row to the member's devices.
    update public.discussion_reads r
       set last_read_at = r.last_read_at
     where r.discussion_id = new.discussion_id and r.last_read_at >= date_trunc('milliseconds', new.created_at) and not r._deleted;
  end if;
  return null;
end
$$;

revoke execute on function private.recount_reads_after_post_change() from public, anon, authenticated;

create trigger posts_recount_reads after update of _deleted on public.posts
  for each row execute function private.recount_reads_after_post_change();

-- Read points kept before this: counted now.
update public.discussion_reads set last_read_at = last_read_at where last_read_at is not null;
