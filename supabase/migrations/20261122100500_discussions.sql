-- Forum threads. Counts, last activity and author fields are columns kept by
-- triggers so they replicate; the first post is a row in posts.

create table public.discussions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  title text not null,
  category text not null,
  is_pinned boolean not null default false,
  is_locked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_activity_at timestamptz not null default now(),
  post_count integer not null default 0,
  author_username text,
  author_display_name text,
  author_avatar_url text,
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint discussions_title_required check (char_length(private.trim_ws(title)) > 0),
  constraint discussions_title_length check (char_length(title) <= 200),
  constraint discussions_category_valid check (char_length(private.trim_ws(category)) between 1 and 50),
  constraint discussions_post_count_non_negative check (post_count >= 0)
);

-- Hub: pinned first, then the chosen sort, optionally within a category.
create index discussions_hub_activity_idx on public.discussions (is_pinned desc, last_activity_at desc) where not _deleted;
create index discussions_hub_updated_idx on public.discussions (is_pinned desc, updated_at desc) where not _deleted;
create index discussions_hub_created_idx on public.discussions (is_pinned desc, created_at desc) where not _deleted;
create index discussions_hub_post_count_idx on public.discussions (is_pinned desc, post_count desc) where not _deleted;
create index discussions_category_idx on public.discussions (category, is_pinned desc, last_activity_at desc) where not _deleted;
create index discussions_user_created_idx on public.discussions (user_id, created_at desc);
create index discussions_title_trgm on public.discussions using gin (title extensions.gin_trgm_ops);
create index discussions_modified_id_idx on public.discussions (_modified, id);

create trigger discussions_set_modified before insert or update on public.discussions
  for each row execute function private.set_modified();
create trigger discussions_soft_delete before delete on public.discussions
  for each row execute function private.soft_delete();

-- The 14 categories of spec B section 3; any other non-empty text up to 50
-- characters is an 'Other' category stored as typed.
create or replace function public.discussion_categories() returns text[]
language sql immutable
as $$
  select array['General Discussion', 'Music Production', 'DJ Techniques', 'Gear & Software', 'Events & Gigs',
               'Track Feedback', 'Collaborations', 'Music Discovery', 'Industry Talk', 'Tutorials & Resources',
               'Off-Topic', 'Announcements', 'Help & Support', 'Introductions']
$$;

create or replace function private.validate_discussion() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  is_mod boolean := private.is_moderator_or_admin();
  is_author boolean := new.user_id = auth.uid();
begin
  new.title := private.trim_ws(new.title);
  new.category := private.trim_ws(new.category);
  if coalesce(new.title, '') = '' or coalesce(new.category, '') = '' then
    raise exception using errcode = '23514', message = 'Title, first post content, and category are required.';
  end if;
  if lower(new.category) = 'other' then
    raise exception using errcode = '23514', message = 'Please enter a custom category for ''Other''.';
  end if;
  if char_length(new.category) > 50 then
    raise exception using errcode = '23514', message = 'A custom category can be at most 50 characters.';
  end if;
  if char_length(new.title) > 200 then
    raise exception using errcode = '23514', message = 'Title can be at most 200 characters.';
  end if;

  if tg_op = 'INSERT' then
    -- Counters and author fields are the server's; a queued insert cannot preset them.
    new.post_count := 0;
    if new.created_at is null or new.created_at > now() then new.created_at := now(); end if;
    new.last_activity_at := new.created_at;
    select p.username, p.display_name, p.avatar_url
      into new.author_username, new.author_display_name, new.author_avatar_url
      from public.profiles p where p.id = new.user_id;
    if private.is_member_request() then
      if not is_author then
        raise exception using errcode = '42501', message = 'You can only start a discussion as yourself.';
      end if;
      if new.is_pinned and not is_mod then
        raise exception using errcode = '42501', message = 'You don''t have permission to pin/unpin discussions.';
      end if;
    end if;
    return new;
  end if;

  if not private.is_member_request() then
    return new;
  end if;
  if (new.user_id, new.created_at, new.post_count, new.last_activity_at,
      new.author_username, new.author_display_name, new.author_avatar_url)
     is distinct from
     (old.user_id, old.created_at, old.post_count, old.last_activity_at,
      old.author_username, old.author_display_name, old.author_avatar_url) then
    raise exception using errcode = '42501', message = 'Permission denied: only the server can change the author, counts or activity of a discussion.';
  end if;
  if new.is_pinned is distinct from old.is_pinned and not is_mod then
    raise exception using errcode = '42501', message = 'You don''t have permission to pin/unpin discussions.';
  end if;
  if new.is_locked is distinct from old.is_locked and not (is_mod or is_author) then
    raise exception using errcode = '42501', message = 'You don''t have permission to lock/unlock this discussion.';
  end if;
  if (new.title, new.category, new.updated_at) is distinct from (old.title, old.category, old.updated_at) then
    if not is_author then
      raise exception using errcode = '42501', message = 'Only the author can edit this discussion.';
    end if;
    if old.is_locked and new.is_locked then
      raise exception using errcode = 'P0001', message = 'This discussion is locked. No new replies can be added.';
    end if;
  end if;
  if new._deleted is distinct from old._deleted and not (is_mod or is_author) then
    raise exception using errcode = '42501', message = 'You cannot delete this discussion.';
  end if;
  return new;
end
$$;

create trigger discussions_validate before insert or update on public.discussions
  for each row execute function private.validate_discussion();

alter table public.discussions enable row level security;

create policy "Discussions are public" on public.discussions
  for select to anon, authenticated using (true);
create policy "Members start discussions as themselves" on public.discussions
  for insert to authenticated with check (user_id = auth.uid());
create policy "Authors and moderators update discussions" on public.discussions
  for update to authenticated
  using (user_id = auth.uid() or private.is_moderator_or_admin())
  with check (user_id = auth.uid() or private.is_moderator_or_admin());
create policy "Authors and moderators delete discussions" on public.discussions
  for delete to authenticated using (user_id = auth.uid() or private.is_moderator_or_admin());

-- +5 karma and a new_discussion activity for every new discussion, however it arrives.
create or replace function private.discussion_created_effects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.profiles set karma = karma + 5 where id = new.user_id;
  perform private.record_activity(new.user_id, 'new_discussion', new.id, 'discussion', new.title, new.user_id);
  return null;
end
$$;

create trigger discussions_created_effects after insert on public.discussions
  for each row execute function private.discussion_created_effects();

-- Deleting a discussion soft-deletes its posts (the spec's delete_discussion_and_posts).
create or replace function private.discussion_deleted_effects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new._deleted and not old._deleted then
    update public.posts set _deleted = true where discussion_id = new.id and not _deleted;
  end if;
  return null;
end
$$;

-- Author fields follow the profile (username, display name, avatar).
create or replace function private.sync_discussion_authors() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if (new.username, new.display_name, new.avatar_url) is distinct from (old.username, old.display_name, old.avatar_url) then
    update public.discussions
       set author_username = new.username, author_display_name = new.display_name, author_avatar_url = new.avatar_url
     where user_id = new.id;
  end if;
  return null;
end
$$;

create trigger profiles_sync_discussion_authors after update of username, display_name, avatar_url on public.profiles
  for each row execute function private.sync_discussion_authors();
