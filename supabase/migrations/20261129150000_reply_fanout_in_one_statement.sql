-- A reply's notifications in one statement. Until now a new post called private.notify once per
-- recipient, and each call looked up the member's level for the thread (three queries), looked for a
-- repeat, then inserted: a reply into a thread 500 members follow spent about 100 ms in the database
-- on an idle machine, about 40 ms of it in those calls beside the notifications' own row triggers (their
-- push requests and live messages).
--
-- Now the recipients are worked out as one set and inserted with one INSERT ... SELECT:
--   * followers: the thread's following read records and the category's followers without a level
--     for the thread are following by construction, so no per-member level lookup is needed;
--   * the thread's author (when following), the authors of the post replied to and quoted, and the
--     members mentioned (at most ten): a bounded handful, each checked for a mute as before;
--   * each member once, a reply notice before a mention notice (as the old first-come order gave),
--     never the poster, never a repeat of a notice the member already has about this post.
-- What each recipient costs after that is the notification row itself with its push request and
-- live message, which every notified member needs. private.notify stays for every other notice.

create or replace function private.post_created_effects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  thread public.discussions;
  -- The thread's author (when following) and the authors of the posts replied to and quoted, then the
  -- members mentioned: a handful at most, each without a mute on the thread.
  replied uuid[];
  mentioned uuid[];
begin
  if new._deleted then
    return null;
  end if;
  select * into thread from public.discussions d where d.id = new.discussion_id;

  update public.discussions
     set post_count = post_count + 1, last_activity_at = greatest(last_activity_at, new.created_at)
   where id = new.discussion_id;

  -- The opening post of a discussion is part of new_discussion, not a reply;
  -- only its @mentions notify.
  if not (thread.post_count = 0 and thread.user_id = new.user_id) then
    perform private.record_activity(new.user_id, 'new_post', new.discussion_id, 'discussion', thread.title, new.user_id);
  end if;

  insert into public.discussion_reads as r (id, user_id, discussion_id, last_read_at, level)
  values (private.relation_id('read:' || new.user_id::text || ':' || new.discussion_id::text),
          new.user_id, new.discussion_id, new.created_at, 'following')
  on conflict (user_id, discussion_id) do update
    set last_read_at = excluded.last_read_at, level = coalesce(r.level, 'following');

  -- The thread's author hears of replies as before unless they chose normal (or mute) for it.
  replied := case when private.discussion_level(thread.user_id, thread.id) = 'following' then array[thread.user_id] else '{}' end;
  replied := replied || array(
    select q.user_id from public.posts q
     where q.id in (new.parent_post_id, new.quoted_post_id) and not q._deleted
       and private.discussion_level(q.user_id, new.discussion_id) <> 'muted');
  mentioned := array(
    select m from private.mentioned_user_ids(new.content) m
     where private.discussion_level(m, new.discussion_id) <> 'muted');

  -- Followers of the thread, and of its category without a level for the thread, are following by
  -- construction: no per-member level lookup. Each member once, a reply notice before a mention.
  insert into public.notifications (user_id, type, actor_id, actor_username, actor_avatar_url,
                                    content_preview, related_entity_id, target_entity_id)
  select x.user_id, x.kind, new.user_id, actor.username, actor.avatar_url,
         private.text_preview(new.content), new.discussion_id, new.id
    from (
      select distinct on (c.user_id) c.user_id, c.kind
        from (
          select r.user_id, 'new_reply' as kind, 1 as rank from public.discussion_reads r
           where r.discussion_id = new.discussion_id and r.level = 'following' and not r._deleted
          union all
          select f.user_id, 'new_reply', 1 from public.category_notification_levels f
           where f.category = thread.category and f.level = 'following'
             and not exists (select 1 from public.discussion_reads r
                              where r.user_id = f.user_id and r.discussion_id = new.discussion_id and r.level is not null)
          union all
          select u, 'new_reply', 2 from unnest(replied) u
          union all
          select u, 'discussion_mention', 3 from unnest(mentioned) u
        ) c
       where c.user_id is not null and c.user_id <> new.user_id
       order by c.user_id, c.rank
    ) x
    left join public.profiles actor on actor.id = new.user_id
   where not exists (
     select 1 from public.notifications n
      where n.user_id = x.user_id and n.type = x.kind and n.actor_id = new.user_id
        and n.target_entity_id = new.id and not n._deleted
        and n.created_at > now() - interval '1 day');
  return null;
end
$$;

revoke execute on function private.post_created_effects() from public, anon, authenticated;
