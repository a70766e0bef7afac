-- A member's or visitor's insert of many rows into the tables the app writes
-- one row at a time was refused only after every row had gone through its row
-- triggers, so 20,000 anonymous contact messages ran into the statement
-- timeout (a 500) before the refusal (a 413) could answer. The second row of
-- such a request is now refused as it arrives, before its own triggers run.
--
-- A request is one statement as far as this counts: the count is kept in the
-- transaction, keyed by the statement's start and the table, so a later
-- statement (or another table written by a trigger) starts again at one.

create or replace function private.refuse_second_member_row() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  stamp text;
  seen text;
begin
  if not private.is_member_request() then
    return new;
  end if;
  stamp := txid_current()::text || ':' || statement_timestamp()::text || ':' || tg_table_name;
  seen := current_setting('private.member_insert_statement', true);
  if seen is not distinct from stamp then
    raise exception using errcode = 'PT413', message = 'Only one row can be added per request.';
  end if;
  perform set_config('private.member_insert_statement', stamp, true);
  return new;
end
$$;

revoke execute on function private.refuse_second_member_row() from public;
grant execute on function private.refuse_second_member_row() to anon, authenticated, service_role;

-- Row triggers fire in name order: these names sort before every other
-- insert trigger of their tables, so nothing else runs for a refused row.
create trigger a0_contact_messages_one_row before insert on public.contact_messages
  for each row execute function private.refuse_second_member_row();
create trigger a0_posts_one_row before insert on public.posts
  for each row execute function private.refuse_second_member_row();
create trigger a0_reactions_one_row before insert on public.reactions
  for each row execute function private.refuse_second_member_row();
create trigger a0_followers_one_row before insert on public.followers
  for each row execute function private.refuse_second_member_row();
