-- What a Supabase project has before any migration runs. Applied once, as the
-- cluster superuser (supabase_admin), by the local stack on a fresh cluster.
-- Migrations and the seed then run as `postgres`, which here, as on Supabase,
-- is not a superuser. Migrations must not depend on anything here that hosted
-- Supabase does not also provide.
--
-- Every login role has the password `postgres` (a local, loopback-only cluster).

-- Roles -----------------------------------------------------------------------
do $$
declare
  r text;
begin
  -- The API roles PostgREST switches to. INHERIT, as on current projects, so a
  -- role granted to them passes its privileges on.
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      execute format('create role %I nologin inherit', r);
    end if;
  end loop;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- The role migrations, the seed and the dashboard's SQL editor use.
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres login;
  end if;
  -- The services' own roles: each owns its schema and connects as itself.
  foreach r in array array['supabase_auth_admin', 'supabase_storage_admin', 'supabase_functions_admin'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      execute format('create role %I login noinherit createrole', r);
    end if;
  end loop;
  -- Realtime reads the WAL and checks each subscriber's rows as that subscriber.
  if not exists (select 1 from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin login noinherit replication;
  end if;
end $$;

alter role service_role bypassrls;
alter role authenticator noinherit password 'postgres';
alter role postgres nosuperuser createdb createrole login replication bypassrls password 'postgres';
alter role supabase_auth_admin password 'postgres';
alter role supabase_storage_admin password 'postgres';
alter role supabase_functions_admin password 'postgres';
alter role supabase_realtime_admin password 'postgres';

grant anon, authenticated, service_role to authenticator;
-- postgres may act as any API role (to test policies) and administer the
-- services' schemas, as on Supabase.
grant anon, authenticated, service_role to postgres;
grant supabase_auth_admin, supabase_storage_admin to postgres;
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres;
-- Storage and realtime act as the caller so that RLS decides.
grant authenticator to supabase_storage_admin;
grant anon, authenticated, service_role to supabase_realtime_admin;

-- Per-role limits, as on Supabase (PostgREST applies the impersonated role's).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
alter role supabase_auth_admin set search_path = auth;
alter role supabase_storage_admin set search_path = storage;
alter role supabase_functions_admin set search_path = supabase_functions;

grant all on database postgres to postgres;
grant create, connect on database postgres to supabase_auth_admin, supabase_storage_admin, supabase_functions_admin;
-- What Supabase keeps in public itself belongs to the superuser; migrations
-- create their objects in it as postgres.
grant all on schema public to postgres;

-- Schemas ---------------------------------------------------------------------
create schema if not exists extensions;
create schema if not exists auth authorization supabase_auth_admin;
create schema if not exists storage authorization supabase_storage_admin;
create schema if not exists supabase_migrations authorization postgres;

grant usage on schema extensions to anon, authenticated, service_role;
grant all on schema extensions, auth, storage to postgres;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

alter database postgres set search_path to "$user", public, extensions;
alter role postgres set search_path to "$user", public, extensions;

-- public: a project created with today's defaults lets the API roles use the
-- schema but grants them nothing in it; every object a migration creates is
-- reachable through the Data API only once that migration grants it.
-- Functions keep PostgreSQL's own default (PUBLIC may execute a new function),
-- which the hosted setting does not change either: a function the API roles
-- must not call is revoked from public explicitly by its migration.
grant usage on schema public to anon, authenticated, service_role;

-- auth ------------------------------------------------------------------------
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where email is not null;
create index if not exists users_instance_id_idx on auth.users (instance_id);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default extensions.gen_random_uuid(),
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal text,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select nullif(
    coalesce(
      current_setting('request.jwt.claim.sub', true),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    ),
    ''
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    current_setting('request.jwt.claim.role', true),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    current_setting('request.jwt.claim.email', true),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
-- Nobody reads auth.users through the API: RLS on and no policy. Its owner
-- (the auth service) and postgres (BYPASSRLS; the seed inserts members) can.
alter table auth.users enable row level security;
alter table auth.users owner to supabase_auth_admin;
alter table auth.identities owner to supabase_auth_admin;
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter table auth.audit_log_entries owner to supabase_auth_admin;
alter sequence auth.refresh_tokens_id_seq owner to supabase_auth_admin;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;

-- storage ---------------------------------------------------------------------
create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default extensions.gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets to anon, authenticated, service_role;
grant all on storage.objects to anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role;
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
grant all on all tables in schema storage to postgres;
grant all on all routines in schema storage to postgres;

-- Deleting a row here would orphan the stored file, so plain SQL may not: the
-- storage service says it means it, per transaction, with
-- set_config('storage.allow_delete_query', 'true', true).
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), '') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using errcode = '42501',
            hint = 'This prevents accidental data loss from orphaned objects.';
  end if;
  return null;
end
$$;
alter function storage.protect_delete() owner to supabase_storage_admin;
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();

-- Database webhooks -------------------------------------------------------------
-- On Supabase this schema appears when database webhooks are enabled in the
-- dashboard; the local stack always has them on.
create schema if not exists supabase_functions authorization supabase_functions_admin;

-- (hosted Supabase: supabase_functions.http_request via pg_net).
-- Locally each request is queued in a table (NOTIFY payloads are capped near 8 kB,
-- rows are not) and the gateway is told its id; it performs the request after the
-- transaction commits, so the caller's write is never blocked, and it drains
-- whatever was queued while it was down.
create table if not exists supabase_functions.hooks (
  id bigserial primary key,
  hook_table_id integer,
  hook_name text,
  created_at timestamptz not null default now(),
  request_id bigint
);

create table if not exists supabase_functions.http_request_queue (
  id bigserial primary key,
  url text not null,
  method text not null,
  headers jsonb not null default '{}',
  params jsonb not null default '{}',
  timeout_ms integer not null,
  body jsonb,
  created_at timestamptz not null default now()
);

create or replace function supabase_functions.http_request() returns trigger
language plpgsql security definer
set search_path = supabase_functions, pg_catalog
as $$
declare
  request_id bigint;
  payload jsonb;
begin
  payload := jsonb_build_object(
    'old_record', case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end,
    'record', case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end,
    'type', tg_op,
    'table', tg_table_name,
    'schema', tg_table_schema
  );
  insert into supabase_functions.http_request_queue (url, method, headers, params, timeout_ms, body)
  values (
    tg_argv[0],
    upper(coalesce(nullif(tg_argv[1], ''), 'POST')),
    coalesce(nullif(tg_argv[2], ''), '{}')::jsonb,
    coalesce(nullif(tg_argv[3], ''), '{}')::jsonb,
    coalesce(nullif(tg_argv[4], ''), '1000')::integer,
    payload
  )
  returning id into request_id;
  insert into supabase_functions.hooks (hook_table_id, hook_name, request_id)
  values (tg_relid, tg_name, request_id);
  perform pg_notify('supabase_functions_http_request', request_id::text);
  return coalesce(new, old);
end
$$;
alter table supabase_functions.hooks owner to supabase_functions_admin;
alter table supabase_functions.http_request_queue owner to supabase_functions_admin;
alter function supabase_functions.http_request() owner to supabase_functions_admin;
grant usage on schema supabase_functions to postgres, anon, authenticated, service_role;
grant all on all tables in schema supabase_functions to postgres;
grant all on all sequences in schema supabase_functions to postgres;
grant execute on function supabase_functions.http_request() to postgres, anon, authenticated, service_role;

-- Realtime ----------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;
-- Migrations (as postgres) choose which tables realtime streams.
alter publication supabase_realtime owner to postgres;

-- PostgREST schema cache --------------------------------------------------------
-- Any DDL tells PostgREST to reload its schema cache, so a table created on a
-- running project is reachable at once (no restart, no manual NOTIFY).
create or replace function extensions.pgrst_ddl_watch() returns event_trigger
language plpgsql
as $$
declare
  cmd record;
begin
  for cmd in select * from pg_event_trigger_ddl_commands() loop
    if cmd.command_tag in (
         'CREATE SCHEMA', 'ALTER SCHEMA', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO',
         'ALTER TABLE', 'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE', 'CREATE VIEW', 'ALTER VIEW',
         'CREATE MATERIALIZED VIEW', 'ALTER MATERIALIZED VIEW', 'CREATE FUNCTION', 'ALTER FUNCTION',
         'CREATE TRIGGER', 'CREATE TYPE', 'ALTER TYPE', 'CREATE RULE', 'COMMENT', 'GRANT', 'REVOKE')
       and cmd.schema_name is distinct from 'pg_temp' then
      notify pgrst, 'reload schema';
      return;
    end if;
  end loop;
end
$$;

create or replace function extensions.pgrst_drop_watch() returns event_trigger
language plpgsql
as $$
declare
  obj record;
begin
  for obj in select * from pg_event_trigger_dropped_objects() loop
    if obj.object_type in ('schema', 'table', 'foreign table', 'view', 'materialized view',
                           'function', 'trigger', 'type', 'rule')
       and not obj.is_temporary then
      notify pgrst, 'reload schema';
      return;
    end if;
  end loop;
end
$$;

drop event trigger if exists pgrst_ddl_watch;
create event trigger pgrst_ddl_watch on ddl_command_end execute function extensions.pgrst_ddl_watch();
drop event trigger if exists pgrst_drop_watch;
create event trigger pgrst_drop_watch on sql_drop execute function extensions.pgrst_drop_watch();

-- Privileged extensions ---------------------------------------------------------------
-- On Supabase, supautils lets postgres create the extensions in supautils.privileged_extensions
-- by running CREATE EXTENSION as the superuser; any other extension that is not trusted is
-- refused with PostgreSQL's own "permission denied to create extension". Debian ships no
-- supautils, so two event triggers do the same: postgres holds SUPERUSER for the one
-- CREATE EXTENSION statement only (inside its transaction, so a failure takes it back too),
-- and the end trigger refuses, with that same message, an extension the list does not name.
create or replace function extensions.privileged_extensions() returns text[]
language sql immutable
as $$
  select array[
    'address_standardizer', 'address_standardizer_data_us', 'autoinc', 'bloom', 'btree_gin', 'btree_gist',
    'citext', 'cube', 'dblink', 'dict_int', 'dict_xsyn', 'earthdistance', 'fuzzystrmatch', 'hstore', 'http',
    'insert_username', 'intarray', 'isn', 'ltree', 'moddatetime', 'pg_cron', 'pg_graphql', 'pg_hashids',
    'pg_jsonschema', 'pg_net', 'pg_stat_monitor', 'pg_stat_statements', 'pg_trgm', 'pg_walinspect', 'pgaudit',
    'pgcrypto', 'pgjwt', 'pgroonga', 'pgroonga_database', 'pgrouting', 'pgrowlocks', 'pgsodium', 'pgtap',
    'plcoffee', 'pljava', 'plls', 'plpgsql', 'plpgsql_check', 'plv8', 'postgis', 'postgis_raster',
    'postgis_sfcgal', 'postgis_tiger_geocoder', 'postgis_topology', 'postgres_fdw', 'refint', 'rum', 'seg',
    'sslinfo', 'supabase_vault', 'supautils', 'tablefunc', 'tcn', 'timescaledb', 'tsm_system_rows',
    'tsm_system_time', 'unaccent', 'uuid-ossp', 'wrappers'
  ]::text[]
$$;

create or replace function extensions.privileged_extension_start() returns event_trigger
language plpgsql security definer set search_path = pg_catalog
as $$
begin
  if session_user::text = 'postgres'
     and not (select rolsuper from pg_roles where rolname = 'postgres')
     and tg_tag = 'CREATE EXTENSION' then
    alter role postgres superuser;
    perform set_config('local_stack.extension_superuser', 'on', true);
  end if;
end
$$;

create or replace function extensions.privileged_extension_end() returns event_trigger
language plpgsql security definer set search_path = pg_catalog
as $$
declare
  cmd record;
  ext_name text;
begin
  if coalesce(current_setting('local_stack.extension_superuser', true), '') <> 'on' then
    return;
  end if;
  alter role postgres nosuperuser;
  perform set_config('local_stack.extension_superuser', '', true);
  for cmd in select * from pg_event_trigger_ddl_commands() where command_tag = 'CREATE EXTENSION' loop
    select extname into ext_name from pg_extension where oid = cmd.objid;
    if not (ext_name = any (extensions.privileged_extensions()))
       and not exists (
         select 1 from pg_available_extension_versions v
         join pg_extension e on e.extname = v.name and e.extversion = v.version
         where e.oid = cmd.objid and v.trusted) then
      raise exception 'permission denied to create extension "%"', ext_name
        using errcode = '42501', hint = 'Must be superuser to create this extension.';
    end if;
  end loop;
end
$$;

revoke all on function extensions.privileged_extension_start(), extensions.privileged_extension_end() from public;
drop event trigger if exists privileged_extension_start;
create event trigger privileged_extension_start on ddl_command_start when tag in ('CREATE EXTENSION')
  execute function extensions.privileged_extension_start();
drop event trigger if exists privileged_extension_end;
create event trigger privileged_extension_end on ddl_command_end when tag in ('CREATE EXTENSION')
  execute function extensions.privileged_extension_end();

-- Settings of the API roles -------------------------------------------------------------
-- On Supabase, supautils marks authenticator, anon, authenticated and service_role as reserved
-- roles whose settings the privileged role (postgres) may still change, for the parameters in
-- supautils.privileged_role_allowed_configs: `pgrst.*` (PostgREST's in-database configuration,
-- e.g. `alter role authenticator set pgrst.db_aggregates_enabled to 'true'`), session_replication_role,
-- log_min_messages, log_lock_waits, track_io_timing, and extensions' own. PostgreSQL alone lets
-- a CREATEROLE role store only parameters it could set itself, and refuses the `pgrst.` ones
-- ("permission denied to set parameter"), so postgres is granted SET on each parameter PostgREST
-- reads from the database (every name of versions 12 to 14) and on those four. A `pgrst.` name
-- PostgREST does not read, which hosted accepts and ignores, is refused here.
do $$
declare
  p text;
begin
  foreach p in array array[
    'pgrst.db_aggregates_enabled', 'pgrst.client_error_verbosity', 'pgrst.db_anon_role', 'pgrst.db_pre_config',
    'pgrst.db_extra_search_path', 'pgrst.db_max_rows', 'pgrst.db_plan_enabled', 'pgrst.db_pre_request',
    'pgrst.db_prepared_statements', 'pgrst.db_root_spec', 'pgrst.db_schemas', 'pgrst.db_timezone_enabled',
    'pgrst.db_tx_end', 'pgrst.db_hoisted_tx_settings', 'pgrst.db_use_legacy_gucs', 'pgrst.jwt_aud',
    'pgrst.jwt_role_claim_key', 'pgrst.jwt_secret', 'pgrst.jwt_secret_is_base64', 'pgrst.jwt_cache_max_lifetime',
    'pgrst.jwt_cache_max_entries', 'pgrst.openapi_mode', 'pgrst.openapi_security_active',
    'pgrst.openapi_server_proxy_uri', 'pgrst.raw_media_types', 'pgrst.server_cors_allowed_origins',
    'pgrst.server_trace_header', 'pgrst.server_timing_enabled', 'pgrst.url_use_legacy_target_names',
    'session_replication_role', 'log_min_messages', 'log_lock_waits', 'track_io_timing'
  ] loop
    execute format('grant set on parameter %s to postgres', p);
  end loop;
end
$$;

-- Migration history, as the Supabase CLI records it ------------------------------------
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
alter table supabase_migrations.schema_migrations owner to postgres;

-- =====================================================================================
-- Realtime authorization (appended section, owned by the realtime gateway)
-- On Supabase the `realtime` schema, `realtime.messages` and `realtime.topic()` exist before
-- any migration; private channels are authorized by RLS policies on `realtime.messages`, which
-- the app's migrations add. The gateway evaluates them as the caller when a private channel is
-- joined and when a broadcast is sent to one.
-- =====================================================================================
create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

-- Shaped as Supabase Realtime's tenant schema: partitioned by day on inserted_at. The gateway keeps
-- the partitions (yesterday to three days ahead) and drops those older than 72 hours, as Supabase's
-- janitor does; a message is only ever read from the replication stream, never from the table.
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_payload_exclusive check (payload is null or binary_payload is null),
  primary key (id, inserted_at)
) partition by range (inserted_at);
create index if not exists messages_inserted_at_topic_index on only realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
do $$
declare
  d date;
begin
  for d in select generate_series(current_date - 1, current_date + 3, interval '1 day')::date loop
    execute format('create table if not exists realtime.%I partition of realtime.messages for values from (%L) to (%L)',
                   'messages_' || to_char(d, 'YYYY_MM_DD'), d, d + 1);
    execute format('alter table realtime.%I owner to supabase_realtime_admin', 'messages_' || to_char(d, 'YYYY_MM_DD'));
  end loop;
end $$;
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
grant all on realtime.messages to postgres;

-- Broadcast from the database: a committed row of realtime.messages is delivered by the gateway,
-- from its own publication, to the topic's joined subscribers. Signatures and behaviour as
-- Supabase's: a failing send only warns, so it never undoes the write that triggered it.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime_messages_publication') then
    create publication supabase_realtime_messages_publication for table realtime.messages;
  end if;
end $$;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    final_payload := case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(generated_id)) end;
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

create or replace function realtime.send_binary(payload bytea, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
begin
  begin
    generated_id := gen_random_uuid();
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, binary_payload, event, topic, private, extension)
    values (generated_id, payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
)
returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;

create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to postgres, anon, authenticated, service_role;
-- As on Supabase, the realtime service owns its schema: its probe messages are written with the
-- owner's rights, while the policies decide what each caller may read or write.
alter schema realtime owner to supabase_realtime_admin;
alter table realtime.messages owner to supabase_realtime_admin;
alter function realtime.topic() owner to supabase_realtime_admin;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.send_binary(bytea, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.broadcast_changes(text, text, text, text, text, record, record, text) owner to supabase_realtime_admin;
-- Projects write their channel policies on realtime.messages as `postgres` (creating a policy
-- needs the table owner's rights), so postgres is a member of the realtime service's role.
grant supabase_realtime_admin to postgres;
