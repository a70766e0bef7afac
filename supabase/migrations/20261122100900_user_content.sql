-- Tracks, mixes and sample packs members upload (files in storage bucket user-content-files).

create table public.user_content (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  title text not null,
  description text,
  type text not null default 'track',
  genre text,
  tags text[] not null default '{}',
  content_url text not null,
  cover_image_url text,
  is_public boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint user_content_title_required check (char_length(private.trim_ws(title)) > 0),
  constraint user_content_type_valid check (type in ('track', 'mix', 'sample_pack')),
  constraint user_content_url_required check (char_length(private.trim_ws(content_url)) > 0)
);

create index user_content_user_created_idx on public.user_content (user_id, created_at desc);
create index user_content_public_created_idx on public.user_content (created_at desc) where is_public and not _deleted;
create index user_content_modified_id_idx on public.user_content (_modified, id);

create trigger user_content_set_modified before insert or update on public.user_content
  for each row execute function private.set_modified();
create trigger user_content_soft_delete before delete on public.user_content
  for each row execute function private.soft_delete();

create or replace function private.validate_user_content() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.title := private.trim_ws(new.title);
  if coalesce(new.title, '') = '' then
    raise exception using errcode = '23514', message = 'Title is required.';
  end if;
  if coalesce(private.trim_ws(new.content_url), '') = '' then
    raise exception using errcode = '23514', message = 'A content file is required.';
  end if;
  if new.type is null or new.type not in ('track', 'mix', 'sample_pack') then
    raise exception using errcode = '23514', message = 'Content type must be track, mix or sample_pack.';
  end if;
  new.tags := coalesce(array(select private.trim_ws(t) from unnest(new.tags) t where private.trim_ws(t) <> ''), '{}');
  if private.is_member_request() then
    if tg_op = 'INSERT' and new.user_id is distinct from auth.uid() then
      raise exception using errcode = '42501', message = 'You can only add content as yourself.';
    end if;
    if tg_op = 'UPDATE' and (new.user_id, new.created_at) is distinct from (old.user_id, old.created_at) then
      raise exception using errcode = '42501', message = 'Permission denied: the owner and creation time of content cannot change.';
    end if;
  end if;
  return new;
end
$$;

create trigger user_content_validate before insert or update on public.user_content
  for each row execute function private.validate_user_content();

alter table public.user_content enable row level security;

create policy "Public content is visible to all, private content to its owner" on public.user_content
  for select to anon, authenticated using (is_public or user_id = auth.uid());
create policy "Members add their own content" on public.user_content
  for insert to authenticated with check (user_id = auth.uid());
create policy "Members edit their own content" on public.user_content
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy "Members delete their own content" on public.user_content
  for delete to authenticated using (user_id = auth.uid());

-- new_content_upload when content becomes public for the first time (activities are public).
create or replace function private.content_published_activity() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.is_public and not new._deleted
     and (tg_op = 'INSERT' or not old.is_public)
     and not exists (select 1 from public.user_activities a
                     where a.related_entity_id = new.id and a.activity_type = 'new_content_upload') then
    perform private.record_activity(new.user_id, 'new_content_upload', new.id, 'user_content', new.title, new.user_id);
  end if;
  return null;
end
$$;

create trigger user_content_published_activity after insert or update of is_public on public.user_content
  for each row execute function private.content_published_activity();
