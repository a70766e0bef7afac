-- Creation times are the server's: a member's insert gets now() whatever
-- created_at it sends (a reply backdated to 2000 would otherwise sort above the
-- opening post), and an update keeps the stored value. Replication pushes whole
-- rows with the device's created_at; the insert answers with the server's row,
-- which the app pulls back, and later pushes of the old value are ignored here
-- rather than refused, so a queued edit never fails over a timestamp.
-- Server paths (seeding, triggers, the service role) keep their own values.

create or replace function private.server_set_timestamps() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  patch jsonb;
begin
  if not private.is_member_request() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    patch := jsonb_build_object('created_at', now());
    if to_jsonb(new) ? 'updated_at' then
      patch := patch || jsonb_build_object('updated_at', now());
    end if;
  else
    patch := jsonb_build_object('created_at', old.created_at);
  end if;
  return jsonb_populate_record(new, patch);
end
$$;

revoke execute on function private.server_set_timestamps() from public;
grant execute on function private.server_set_timestamps() to anon, authenticated, service_role;

-- Named to sort before each table's validation trigger (BEFORE triggers fire in
-- name order), so validation sees the server's values.
create trigger profiles_created_at_from_server before insert or update on public.profiles
  for each row execute function private.server_set_timestamps();
create trigger followers_created_at_from_server before insert or update on public.followers
  for each row execute function private.server_set_timestamps();
create trigger discussions_created_at_from_server before insert or update on public.discussions
  for each row execute function private.server_set_timestamps();
create trigger posts_created_at_from_server before insert or update on public.posts
  for each row execute function private.server_set_timestamps();
create trigger reactions_created_at_from_server before insert or update on public.reactions
  for each row execute function private.server_set_timestamps();
create trigger user_content_created_at_from_server before insert or update on public.user_content
  for each row execute function private.server_set_timestamps();
create trigger blog_posts_created_at_from_server before insert or update on public.blog_posts
  for each row execute function private.server_set_timestamps();
create trigger contact_messages_created_at_from_server before insert or update on public.contact_messages
  for each row execute function private.server_set_timestamps();
create trigger push_subscriptions_created_at_from_server before insert or update on public.push_subscriptions
  for each row execute function private.server_set_timestamps();
