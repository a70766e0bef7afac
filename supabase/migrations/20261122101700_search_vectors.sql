-- Universal search on stored tsvector columns.
--
-- 20261122101500_search.sql indexed expressions to keep replicated rows lean,
-- but ranking then rebuilt every matching document with to_tsvector, and the
-- small blog table (seq-scanned) rebuilt every post's document: 30-150 ms on
-- the benchmark community. Stored columns make both the match and ts_rank
-- read a ready tsvector. Clients keep their pulls lean by selecting their
-- schema's columns rather than `*` (search_vector is not part of any client schema).
--
-- The documents are the same private.*_search_document functions, so what
-- matches and how it ranks is unchanged. Generated columns are computed after
-- BEFORE triggers, so the denormalised author fields of discussions count.

alter table public.profiles
  add column search_vector tsvector
  generated always as (private.profile_search_document(username, display_name, bio, location)) stored;
alter table public.blog_posts
  add column search_vector tsvector
  generated always as (private.blog_search_document(title, excerpt, content, tags)) stored;
alter table public.discussions
  add column search_vector tsvector
  generated always as (private.discussion_search_document(title, category, author_username, author_display_name)) stored;

drop index public.profiles_search_idx;
drop index public.blog_posts_search_idx;
drop index public.discussions_search_idx;

-- Partial on exactly the visibility conditions universal_search applies.
create index profiles_search_vector_idx on public.profiles using gin (search_vector) where not _deleted;
create index blog_posts_search_vector_idx on public.blog_posts using gin (search_vector)
  where status = 'published' and not _deleted;
create index discussions_search_vector_idx on public.discussions using gin (search_vector) where not _deleted;

-- Same name, parameters, result and visibility as before (invoker rights, so
-- RLS applies; published blog posts only; nothing soft-deleted). Ranking and
-- counting touch only (type, id, rank, sort_at); the result items are built
-- for the requested page alone. The id tiebreak keeps pages stable when ranks
-- and dates tie.
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
    select 'profile'::text as type, p.id, ts_rank(p.search_vector, simple) as rank, p.created_at as sort_at
    from public.profiles p
    where kind in ('all', 'profile') and not p._deleted and p.search_vector @@ simple
    union all
    select 'blog_post', b.id, ts_rank(b.search_vector, english), b.published_at
    from public.blog_posts b
    where kind in ('all', 'blog_post') and b.status = 'published' and not b._deleted and b.search_vector @@ english
    union all
    select 'discussion', d.id, ts_rank(d.search_vector, english), d.created_at
    from public.discussions d
    where kind in ('all', 'discussion') and not d._deleted and d.search_vector @@ english
  ),
  page_hits as (
    select h.type, h.id, h.rank, h.sort_at from hits h
    order by h.rank desc, h.sort_at desc nulls last, h.id
    offset (page - 1) * per_page limit per_page
  ),
  page_items as (
    select h.rank, h.sort_at, h.id,
           case h.type
             when 'profile' then jsonb_build_object('type', 'profile', 'id', p.id, 'path', '/profile/' || p.username,
               'avatar_url', p.avatar_url, 'username', p.username, 'display_name', p.display_name,
               'role', p.role, 'bio', p.bio, 'karma', p.karma)
             when 'blog_post' then jsonb_build_object('type', 'blog_post', 'id', b.id, 'path', '/blog/' || b.slug,
               'cover_image_url', b.cover_image_url, 'title', b.title, 'excerpt', b.excerpt,
               'author_username', a.username, 'author_display_name', a.display_name,
               'author_avatar_url', a.avatar_url, 'published_at', b.published_at, 'tags', to_jsonb(b.tags))
             else jsonb_build_object('type', 'discussion', 'id', d.id, 'path', '/discussions/thread/' || d.id,
               'title', d.title, 'category', d.category, 'author_username', d.author_username,
               'author_display_name', d.author_display_name, 'author_avatar_url', d.author_avatar_url,
               'created_at', d.created_at, 'post_count', d.post_count)
           end as item
    from page_hits h
    left join public.profiles p on h.type = 'profile' and p.id = h.id
    left join public.blog_posts b on h.type = 'blog_post' and b.id = h.id
    left join public.profiles a on a.id = b.author_id
    left join public.discussions d on h.type = 'discussion' and d.id = h.id
  )
  select jsonb_build_object(
    'results', coalesce((select jsonb_agg(i.item order by i.rank desc, i.sort_at desc nulls last, i.id) from page_items i), '[]'::jsonb),
    'totalCount', (select count(*) from hits))
  into result;
  return result;
end
$$;
