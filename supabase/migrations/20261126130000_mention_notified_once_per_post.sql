-- A member mentioned in a post hears of it once for that post: when the post
-- is written, or when an edit first adds the mention. An edit that keeps the
-- mention, repeats it or removes and re-adds it notifies nobody again, even
-- after the member cleared the first notification or a day has passed (the
-- general collapse of repeated notifications only looks back a day).

create or replace function private.notify_new_mentions(post public.posts, preview text) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  mentioned uuid;
begin
  for mentioned in select * from private.mentioned_user_ids(post.content) loop
    -- Any notification this member already has about this post (a mention, or
    -- the reply notice the thread's or quoted author got) covers it.
    if mentioned <> post.user_id and not exists (
      select 1 from public.notifications n
       where n.user_id = mentioned and n.target_entity_id = post.id
         and n.type in ('discussion_mention', 'new_reply')
    ) then
      perform private.notify(mentioned, 'discussion_mention', post.user_id, preview, post.discussion_id, post.id);
    end if;
  end loop;
end
$$;

revoke execute on function private.notify_new_mentions(public.posts, text) from public, anon, authenticated;

create or replace function private.post_content_edited_effects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new._deleted or new.content is not distinct from old.content then
    return null;
  end if;
  perform private.notify_new_mentions(new, private.text_preview(new.content));
  return null;
end
$$;

revoke execute on function private.post_content_edited_effects() from public, anon, authenticated;

create trigger posts_content_edited_effects after update of content on public.posts
  for each row execute function private.post_content_edited_effects();
