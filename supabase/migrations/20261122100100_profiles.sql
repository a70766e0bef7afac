-- Member profiles: one row per auth user, created by a trigger at sign-up.
-- Everyone reads profiles; the e-mail never lives here (see get_my_email()).

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null,
  display_name text,
  avatar_url text,
  banner_url text,
  bio text not null default '',
  location text not null default '',
  role text not null default 'fan',
  genres text[] not null default '{}',
  social_links jsonb not null default '{}'::jsonb,
  subscription_tier text not null default 'free',
  monetization jsonb not null default
    '{"tipJarEnabled": false, "tipJarType": "crypto", "cryptoAddress": null, "paypalEmail": null}'::jsonb,
  signature text,
  karma integer not null default 0,
  is_featured boolean not null default false,
  followers_count integer not null default 0,
  following_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  -- Backstops; the validation trigger below raises the readable messages first.
  constraint profiles_username_format check (username ~ '^[a-z0-9_]{3,20}$'),
  constraint profiles_signature_length check (signature is null or char_length(signature) <= 255),
  constraint profiles_subscription_tier_valid check (subscription_tier in ('free', 'pro', 'label')),
  constraint profiles_role_valid check (role in (
    'admin', 'moderator', 'editor', 'dj', 'producer', 'fan', 'user', 'member',
    'vocalist', 'label', 'promoter', 'venue_owner', 'sound_engineer', 'visual_artist',
    'dancer', 'music_journalist', 'educator')),
  constraint profiles_counts_non_negative check (followers_count >= 0 and following_count >= 0)
);

-- Named so that even the race-condition error (two sign-ups at once) mentions
-- "username" and "taken", which the sign-up screen maps to its message.
create unique index profiles_username_taken on public.profiles (lower(username));
create index profiles_modified_id_idx on public.profiles (_modified, id);
-- Directory: role filter, sorts, and case-insensitive partial matches (ilike).
create index profiles_role_created_idx on public.profiles (role, created_at desc);
create index profiles_created_idx on public.profiles (created_at desc);
create index profiles_karma_idx on public.profiles (karma desc);
create index profiles_display_name_idx on public.profiles (display_name);
create index profiles_featured_idx on public.profiles (is_featured) where is_featured;
create index profiles_username_trgm on public.profiles using gin (username extensions.gin_trgm_ops);
create index profiles_display_name_trgm on public.profiles using gin (display_name extensions.gin_trgm_ops);
create index profiles_bio_trgm on public.profiles using gin (bio extensions.gin_trgm_ops);
create index profiles_location_trgm on public.profiles using gin (location extensions.gin_trgm_ops);

create trigger profiles_set_modified before insert or update on public.profiles
  for each row execute function private.set_modified();

-- Roles are read from the database, never from a claim the client chooses.
create or replace function private.caller_role() returns text
language sql stable security definer
set search_path = ''
as $$
  select p.role from public.profiles p where p.id = auth.uid()
$$;

create or replace function private.is_admin() returns boolean
language sql stable
as $$
  select coalesce(private.caller_role() = 'admin', false)
$$;

create or replace function private.is_moderator_or_admin() returns boolean
language sql stable
as $$
  select coalesce(private.caller_role() in ('admin', 'moderator'), false)
$$;

grant execute on function private.caller_role(), private.is_admin(), private.is_moderator_or_admin()
  to anon, authenticated, service_role;

-- Readable validation messages (SQLSTATE 23514 / 23505) before the constraints fire.
create or replace function private.validate_profile() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.username := lower(private.trim_ws(new.username));
  if new.username is null or new.username = '' then
    raise exception using errcode = '23514', message = 'Username cannot be empty.';
  end if;
  if new.username !~ '^[a-z0-9_]{3,20}$' then
    raise exception using errcode = '23514',
      message = 'Username must be 3-20 characters and contain only letters, numbers, or underscores.';
  end if;
  if (tg_op = 'INSERT' or new.username is distinct from old.username)
     and exists (select 1 from public.profiles p where lower(p.username) = new.username and p.id <> new.id) then
    raise exception using errcode = '23505', message = 'This username is already taken. Please choose another one.';
  end if;

  new.signature := nullif(private.trim_ws(new.signature), '');
  if char_length(new.signature) > 255 then
    raise exception using errcode = '23514', message = 'Signature must be at most 255 characters.';
  end if;

  new.genres := coalesce(array(select private.trim_ws(g) from unnest(new.genres) g where private.trim_ws(g) <> ''), '{}');
  new.social_links := coalesce(new.social_links, '{}'::jsonb);
  if jsonb_typeof(new.social_links) <> 'object' then
    raise exception using errcode = '23514', message = 'Social links must be a map of network to URL.';
  end if;

  new.monetization := coalesce(new.monetization,
    '{"tipJarEnabled": false, "tipJarType": "crypto", "cryptoAddress": null, "paypalEmail": null}'::jsonb);
  if coalesce((new.monetization ->> 'tipJarEnabled')::boolean, false) then
    if coalesce(new.monetization ->> 'tipJarType', 'crypto') = 'crypto'
       and coalesce(private.trim_ws(new.monetization ->> 'cryptoAddress'), '') = '' then
      raise exception using errcode = '23514',
        message = 'Please provide a crypto address if the crypto tip jar is enabled.';
    elsif new.monetization ->> 'tipJarType' = 'paypal'
       and coalesce(private.trim_ws(new.monetization ->> 'paypalEmail'), '') = '' then
      raise exception using errcode = '23514',
        message = 'Please provide a PayPal email address or PayPal.Me link if the PayPal tip jar is enabled.';
    end if;
  end if;
  return new;
end
$$;

create trigger profiles_validate before insert or update on public.profiles
  for each row execute function private.validate_profile();

-- Members edit only their own editable columns. Privileged columns change only
-- through server paths (triggers, security-definer RPCs, the service role).
create or replace function private.guard_profile_columns() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  forbidden text[] := '{}';
begin
  if not private.is_member_request() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.karma <> 0 then forbidden := array_append(forbidden, 'karma'); end if;
    if new.role <> 'fan' then forbidden := array_append(forbidden, 'role'); end if;
    if new.subscription_tier <> 'free' then forbidden := array_append(forbidden, 'subscription_tier'); end if;
    if new.is_featured then forbidden := array_append(forbidden, 'is_featured'); end if;
    if new.followers_count <> 0 or new.following_count <> 0 then forbidden := array_append(forbidden, 'follower counts'); end if;
  else
    if new.id is distinct from old.id then forbidden := array_append(forbidden, 'id'); end if;
    if new.karma is distinct from old.karma then forbidden := array_append(forbidden, 'karma'); end if;
    if new.role is distinct from old.role then forbidden := array_append(forbidden, 'role'); end if;
    if new.subscription_tier is distinct from old.subscription_tier then forbidden := array_append(forbidden, 'subscription_tier'); end if;
    if new.is_featured is distinct from old.is_featured then forbidden := array_append(forbidden, 'is_featured'); end if;
    if new.followers_count is distinct from old.followers_count
       or new.following_count is distinct from old.following_count then
      forbidden := array_append(forbidden, 'follower counts');
    end if;
    if new.created_at is distinct from old.created_at then forbidden := array_append(forbidden, 'created_at'); end if;
    if new._deleted is distinct from old._deleted then forbidden := array_append(forbidden, '_deleted'); end if;
  end if;
  if cardinality(forbidden) > 0 then
    raise exception using errcode = '42501',
      message = format('Permission denied: %s can only be changed by the server.', array_to_string(forbidden, ', '));
  end if;
  if tg_op = 'UPDATE' and new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end
$$;

create trigger profiles_guard_columns before insert or update on public.profiles
  for each row execute function private.guard_profile_columns();

alter table public.profiles enable row level security;

create policy "Profiles are public" on public.profiles
  for select to anon, authenticated using (true);
-- Normally the sign-up trigger creates the row; a member whose row is missing may create their own.
create policy "Members create their own profile" on public.profiles
  for insert to authenticated with check (id = auth.uid());
create policy "Members edit their own profile" on public.profiles
  for update to authenticated using (id = auth.uid()) with check (id = auth.uid());

-- Sign-up: the profile from the auth user's metadata (spec A sections 3 and 5).
-- An explicit username that is taken fails the sign-up with the "taken" message;
-- a derived one (no username given) gets a numeric suffix instead.
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  typed_username text := nullif(private.trim_ws(meta ->> 'username'), '');
  chosen text;
  base text;
  attempt integer := 0;
begin
  if typed_username is not null then
    chosen := lower(typed_username);
  else
    base := regexp_replace(lower(coalesce(split_part(new.email, '@', 1), '')), '[^a-z0-9_]', '_', 'g');
    if char_length(base) < 3 then
      base := 'user_' || left(replace(new.id::text, '-', ''), 8);
    end if;
    base := left(base, 20);
    chosen := base;
    while exists (select 1 from public.profiles p where lower(p.username) = chosen) loop
      attempt := attempt + 1;
      chosen := left(base, 20 - char_length(attempt::text) - 1) || '_' || attempt::text;
    end loop;
  end if;

  insert into public.profiles (id, username, display_name, location, created_at, updated_at)
  values (
    new.id,
    chosen,
    coalesce(nullif(private.trim_ws(meta ->> 'display_name'), ''), typed_username, chosen),
    coalesce(private.trim_ws(meta ->> 'location'), ''),
    coalesce(new.created_at, now()),
    coalesce(new.created_at, now())
  );
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- GoTrue reports any failing auth.users trigger as 'Database error saving new
-- user' (hosted and local alike), so the sign-up screen asks first and shows
-- 'This username is already taken. Please choose another one.' itself.
create or replace function public.username_available(p_username text) returns boolean
language sql stable
set search_path = ''
as $$
  select not exists (select 1 from public.profiles p where lower(p.username) = lower(private.trim_ws(p_username)))
$$;
