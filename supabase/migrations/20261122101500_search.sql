-- Universal search (spec B call 30): full text over profiles, published blog
-- posts and discussions. Expression indexes, not stored tsvector columns, so the
-- replicated rows stay lean; the query repeats the exact indexed expressions.

create or replace function private.profile_search_document(username text, display_name text, bio text, location text)
returns tsvector
language sql immutable
as $$
  select setweight(to_tsvector('simple'::regconfig, coalesce(username, '') || ' ' || coalesce(display_name, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(bio, '') || ' ' || coalesce(location, '')), 'B')
$$;

create or replace function private.blog_search_document(title text, excerpt text, content text, tags text[])
returns tsvector
language sql immutable
as $$
  select setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(excerpt, '') || ' ' || array_to_string(coalesce(tags, '{}'), ' ')), 'B')
      || setweight(to_tsvector('english'::regconfig, left(coalesce(content, ''), 200000)), 'C')
$$;

create or replace function private.discussion_search_document(title text, category text, author_username text, author_display_name text)
returns tsvector
language sql immutable
as $$
  select setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(category, '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce(author_username, '') || ' ' || coalesce(author_display_name, '')), 'C')
$$;

grant execute on function private.profile_search_document(text, text, text, text),
  private.blog_search_document(text, text, text, text[]),
  private.discussion_search_document(text, text, text, text) to anon, authenticated, service_role;

create index profiles_search_idx on public.profiles
  using gin (private.profile_search_document(username, display_name, bio, location));
create index blog_posts_search_idx on public.blog_posts
  using gin (private.blog_search_document(title, excerpt, content, tags))
  where status = 'published' and not _deleted;
create index discussions_search_idx on public.discussions
  using gin (private.discussion_search_document(title, category, author_username, author_display_name))
  where not _deleted;

-- Returns { results: [item...], totalCount } with items shaped as spec B's
-- "Search result item" (type, id, path and the type's fields), best match first.
create or replace function public.universal_search(
  search_term text, content_type text default 'all', page integer default 1, per_page integer default 10
) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  term text := private.trim_ws(coalesce(search_term, ''));
  kind text := coalesce(nullif(private.trim_ws(content_type), ''), 'all');
  english tsquery;
  simple tsquery;
  result jsonb;
begin
  if term = '' then
    raise exception using errcode = '22023', message = 'Search term required';
  end if;
  if kind not in ('all', 'profile', 'blog_post', 'discussion') then
    raise exception using errcode = '22023', message = 'contentType must be one of all, profile, blog_post, discussion';
  end if;
  page := greatest(coalesce(page, 1), 1);
  per_page := least(greatest(coalesce(per_page, 10), 1), 50);
  english := websearch_to_tsquery('english'::regconfig, term);
  simple := websearch_to_tsquery('simple'::regconfig, term);

  with hits as (
    select ts_rank(private.profile_search_document(p.username, p.display_name, p.bio, p.location), simple) as rank,
           p.created_at as sort_at,
           jsonb_build_object('type', 'profile', 'id', p.id, 'path', '/profile/' || p.username,
             'avatar_url', p.avatar_url, 'username', p.username, 'display_name', p.display_name,
             'role', p.role, 'bio', p.bio, 'karma', p.karma) as item
    from public.profiles p
    where kind in ('all', 'profile') and not p._deleted
      and private.profile_search_document(p.username, p.display_name, p.bio, p.location) @@ simple
    union all
    select ts_rank(private.blog_search_document(b.title, b.excerpt, b.content, b.tags), english),
           b.published_at,
           jsonb_build_object('type', 'blog_post', 'id', b.id, 'path', '/blog/' || b.slug,
             'cover_image_url', b.cover_image_url, 'title', b.title, 'excerpt', b.excerpt,
             'author_username', a.username, 'author_display_name', a.display_name,
             'author_avatar_url', a.avatar_url, 'published_at', b.published_at, 'tags', to_jsonb(b.tags))
    from public.blog_posts b
    left join public.profiles a on a.id = b.author_id
    where kind in ('all', 'blog_post') and b.status = 'published' and not b._deleted
      and private.blog_search_document(b.title, b.excerpt, b.content, b.tags) @@ english
    union all
    select ts_rank(private.discussion_search_document(d.title, d.category, d.author_username, d.author_display_name), english),
           d.created_at,
           jsonb_build_object('type', 'discussion', 'id', d.id, 'path', '/discussions/thread/' || d.id,
             'title', d.title, 'category', d.category, 'author_username', d.author_username,
             'author_display_name', d.author_display_name, 'author_avatar_url', d.author_avatar_url,
             'created_at', d.created_at, 'post_count', d.post_count)
    from public.discussions d
    where kind in ('all', 'discussion') and not d._deleted
      and private.discussion_search_document(d.title, d.category, d.author_username, d.author_display_name) @@ english
  ),
  page_rows as (
    select item, rank, sort_at from hits
    order by rank desc, sort_at desc nulls last
    offset (page - 1) * per_page limit per_page
  )
  select jsonb_build_object(
    'results', coalesce((select jsonb_agg(item order by rank desc, sort_at desc nulls last) from page_rows), '[]'::jsonb),
    'totalCount', (select count(*) from hits))
  into result;
  return result;
end
$$;
