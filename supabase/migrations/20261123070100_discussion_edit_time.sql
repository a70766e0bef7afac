-- A discussion's updated_at is the time its title or category was last edited,
-- and the thread shows '(edited ...)' when it differs from created_at. The app
-- replicates an edit as the changed columns only, so nothing stamped the edit:
-- the device showed the note until the server's row came back, then lost it.
-- The server stamps it instead, like a post's content edit, so every device
-- agrees and a member's clock cannot backdate it. Pinning, locking and new
-- replies are not edits of what the author wrote and leave it alone.
-- Server paths (seeding, the service role) that set updated_at keep their value.

create or replace function private.stamp_discussion_edit() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (private.trim_ws(new.title), private.trim_ws(new.category)) is not distinct from (old.title, old.category) then
    -- Not an edit: a member cannot move the edit time on its own either.
    if private.is_member_request() then
      new.updated_at := old.updated_at;
    end if;
    return new;
  end if;
  if private.is_member_request() or new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end
$$;

revoke execute on function private.stamp_discussion_edit() from public;
grant execute on function private.stamp_discussion_edit() to anon, authenticated, service_role;

-- Sorts before discussions_validate (BEFORE triggers fire in name order), so
-- the author check sees the stamped row.
create trigger discussions_edit_time_from_server before update on public.discussions
  for each row execute function private.stamp_discussion_edit();
