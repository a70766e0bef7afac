-- Shared building blocks of every later migration: a private schema for
-- functions PostgREST must not expose, the sync-column triggers and the test
-- that tells a member's request from a server path.

create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

-- PostgREST exposes only `public`, so nothing here is reachable as an RPC;
-- policies and triggers call these functions as the requesting role.

-- True when the statement runs as a client role (PostgREST as anon or a member).
-- Inside a security-definer function or trigger the current user is the owner,
-- and the service role is its own role, so both count as server paths.
create or replace function private.is_member_request() returns boolean
language sql stable
as $$
  select current_user in ('anon', 'authenticated')
$$;

-- _modified orders replication pulls; clock_timestamp() (not now()) so rows
-- changed later in one transaction sort later.
create or replace function private.set_modified() returns trigger
language plpgsql
as $$
begin
  new._modified := clock_timestamp();
  return new;
end
$$;

-- A DELETE on a replicated table becomes `_deleted = true`, so a delete through
-- PostgREST and a replicated soft delete look the same to every client. The
-- DELETE policy of the table decides who may delete; this runs as owner so the
-- conversion itself is not blocked by the UPDATE rules. Deletes cascading from
-- a parent (depth > 1, e.g. an auth user removed by an admin) and an explicit
-- purge (`set local app.hard_delete = 'on'`) stay hard deletes.
create or replace function private.soft_delete() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if pg_trigger_depth() > 1 or coalesce(current_setting('app.hard_delete', true), '') = 'on' then
    return old;
  end if;
  execute format('update %I.%I set _deleted = true where id = $1 and not _deleted', tg_table_schema, tg_table_name)
    using old.id;
  return null;
end
$$;

-- Deterministic row ids for relations (followers, reactions): the same pair
-- always maps to the same id on every device. Namespace fixed in DATA_MODEL.md.
create or replace function private.relation_id(name text) returns uuid
language sql immutable
as $$
  select extensions.uuid_generate_v5('6ba7b811-9dad-11d1-80b4-00c04fd430c8'::uuid, name)
$$;

create or replace function private.require_signed_in() returns uuid
language plpgsql stable
as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'You must be logged in to do that.';
  end if;
  return uid;
end
$$;

grant execute on function private.is_member_request(), private.relation_id(text), private.require_signed_in()
  to anon, authenticated, service_role;

-- trim() removes only spaces; members' text also arrives with newlines and tabs.
create or replace function private.trim_ws(value text) returns text
language sql immutable
as $$
  select regexp_replace(value, '^[[:space:]]+|[[:space:]]+$', '', 'g')
$$;
grant execute on function private.trim_ws(text) to anon, authenticated, service_role;
