-- The app writes contact messages, posts, reactions and follows one row per
-- request (its replication pushes row by row), but PostgREST accepts a JSON
-- array, so one request inserted 60,000 contact messages. A member's or
-- visitor's insert into these tables is refused when it carries more than one
-- row; server paths (seeding, the service role, triggers) are not limited.

create or replace function private.refuse_bulk_member_insert() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_member_request() and (select count(*) from inserted) > 1 then
    raise exception using errcode = 'PT413', message = 'Only one row can be added per request.';
  end if;
  return null;
end
$$;

revoke execute on function private.refuse_bulk_member_insert() from public;
grant execute on function private.refuse_bulk_member_insert() to anon, authenticated, service_role;

create trigger contact_messages_one_row_per_request after insert on public.contact_messages
  referencing new table as inserted for each statement execute function private.refuse_bulk_member_insert();
create trigger posts_one_row_per_request after insert on public.posts
  referencing new table as inserted for each statement execute function private.refuse_bulk_member_insert();
create trigger reactions_one_row_per_request after insert on public.reactions
  referencing new table as inserted for each statement execute function private.refuse_bulk_member_insert();
create trigger followers_one_row_per_request after insert on public.followers
  referencing new table as inserted for each statement execute function private.refuse_bulk_member_insert();
