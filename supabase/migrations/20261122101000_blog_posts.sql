-- Blog: published posts are public, drafts only to their author and admins.
-- Admins write (the AI tool creates drafts).

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  slug text not null,
  content text,
  content_markdown text,
  excerpt text,
  author_id uuid references public.profiles (id) on delete set null,
  status text not null default 'draft',
  is_featured boolean not null default false,
  published_at timestamptz,
  cover_image_url text,
  tags text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint blog_posts_slug_key unique (slug),
  constraint blog_posts_title_required check (char_length(private.trim_ws(title)) > 0),
  constraint blog_posts_status_valid check (status in ('draft', 'published'))
);

create index blog_posts_published_idx on public.blog_posts (published_at desc) where status = 'published' and not _deleted;
create index blog_posts_featured_idx on public.blog_posts (published_at desc) where status = 'published' and is_featured and not _deleted;
create index blog_posts_tags_idx on public.blog_posts using gin (tags);
create index blog_posts_author_idx on public.blog_posts (author_id);
create index blog_posts_modified_id_idx on public.blog_posts (_modified, id);

create trigger blog_posts_set_modified before insert or update on public.blog_posts
  for each row execute function private.set_modified();
create trigger blog_posts_soft_delete before delete on public.blog_posts
  for each row execute function private.soft_delete();

create or replace function private.validate_blog_post() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.title := private.trim_ws(new.title);
  if coalesce(new.title, '') = '' then
    raise exception using errcode = '23514', message = 'A blog post needs a title.';
  end if;
  if coalesce(private.trim_ws(new.slug), '') = '' then
    raise exception using errcode = '23514', message = 'A blog post needs a slug.';
  end if;
  -- Readers read `content`; the AI tool writes `content_markdown`.
  new.content := coalesce(new.content, new.content_markdown);
  new.tags := coalesce(array(select private.trim_ws(t) from unnest(new.tags) t where private.trim_ws(t) <> ''), '{}');
  if new.status = 'published' and new.published_at is null then
    new.published_at := now();
  end if;
  if tg_op = 'INSERT' and private.is_member_request() and new.author_id is distinct from auth.uid() then
    raise exception using errcode = '42501', message = 'You can only write blog posts as yourself.';
  end if;
  return new;
end
$$;

create trigger blog_posts_validate before insert or update on public.blog_posts
  for each row execute function private.validate_blog_post();

alter table public.blog_posts enable row level security;

create policy "Published posts are public; drafts to their author and admins" on public.blog_posts
  for select to anon, authenticated
  using (status = 'published' or author_id = auth.uid() or private.is_admin());
create policy "Admins write blog posts" on public.blog_posts
  for insert to authenticated with check (private.is_admin());
create policy "Admins edit blog posts" on public.blog_posts
  for update to authenticated using (private.is_admin()) with check (private.is_admin());
create policy "Admins delete blog posts" on public.blog_posts
  for delete to authenticated using (private.is_admin());

create or replace function public.get_distinct_blog_tags() returns table (tag text)
language sql stable
set search_path = ''
as $$
  select distinct t from public.blog_posts b, unnest(b.tags) t
  where b.status = 'published' and not b._deleted
  order by 1
$$;
