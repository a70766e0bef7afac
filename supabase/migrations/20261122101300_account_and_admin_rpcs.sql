-- E-mail access (own e-mail; all e-mails for admins) and the admin zone's calls.
-- Security definer because auth.users is not readable by clients; each checks
-- the caller's role in profiles first.

create or replace function public.get_my_email() returns text
language sql stable security definer
set search_path = ''
as $$
  select u.email::text from auth.users u where u.id = auth.uid()
$$;

create or replace function public.admin_list_profiles()
returns table (
  id uuid, username text, display_name text, avatar_url text, role text, subscription_tier text,
  karma integer, is_featured boolean, followers_count integer, following_count integer,
  created_at timestamptz, updated_at timestamptz, email text
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins can list members.';
  end if;
  return query
    select p.id, p.username, p.display_name, p.avatar_url, p.role, p.subscription_tier, p.karma, p.is_featured,
           p.followers_count, p.following_count, p.created_at, p.updated_at, u.email::text
    from public.profiles p left join auth.users u on u.id = p.id
    order by p.created_at desc;
end
$$;

create or replace function public.admin_update_user_role(target_user_id_param uuid, new_role_param text) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins can change roles.';
  end if;
  if new_role_param is null or new_role_param not in ('admin', 'moderator', 'editor', 'dj', 'producer', 'fan', 'user') then
    raise exception using errcode = '23514',
      message = 'Role must be one of admin, moderator, editor, dj, producer, fan, user.';
  end if;
  update public.profiles set role = new_role_param where id = target_user_id_param;
  if not found then
    raise exception using errcode = 'P0002', message = 'No member with that id.';
  end if;
end
$$;

create or replace function public.admin_platform_stats() returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins can view platform stats.';
  end if;
  return jsonb_build_object(
    'profiles', (select count(*) from public.profiles where not _deleted),
    'discussions', (select count(*) from public.discussions where not _deleted),
    'posts', (select count(*) from public.posts where not _deleted),
    'user_content', (select count(*) from public.user_content where not _deleted));
end
$$;

revoke execute on function public.admin_list_profiles(), public.admin_update_user_role(uuid, text),
  public.admin_platform_stats(), public.get_my_email() from public, anon;
