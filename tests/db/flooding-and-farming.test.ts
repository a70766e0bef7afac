import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, fixtures, type World } from './helpers/world';
import { DISCUSSION_KARMA_AWARD } from './helpers/db-contract';

/** Toggling and create-delete loops neither flood a member with notifications nor farm karma. */

let w: World;
beforeAll(async () => {
  w = await createWorld('ff');
});
afterAll(async () => w?.close());

const karma = async (id: string) => Number((await fixtures.row<{ karma: number }>(w.db, 'profiles', id)).karma);
async function notifications(recipient: string, type: string, actor: string) {
  const { rows } = await w.db.query<{ n: number }>('select count(*)::int as n from public.notifications where user_id = $1 and type = $2 and actor_id = $3', [
    recipient,
    type,
    actor,
  ]);
  return rows[0]!.n;
}

describe('flooding', () => {
  it('toggling a like 40 times leaves one like_content notification', async () => {
    const author = w.members.member;
    const fan = w.members.other;
    const d = await fixtures.discussion(w.db, author.id);
    const p = await fixtures.post(w.db, d, author.id, '<p>my new edit</p>');
    for (let i = 0; i < 40; i += 1) {
      const { error } = await fan.client.rpc('toggle_reaction_and_karma', { p_post_id: p, p_user_id: fan.id, p_reaction_type: 'like' });
      expect(error).toBeNull();
    }
    expect(await notifications(author.id, 'like_content', fan.id)).toBe(1);
    // A like on another post is a new notification.
    const p2 = await fixtures.post(w.db, d, author.id, '<p>second</p>');
    await fan.client.rpc('toggle_reaction_and_karma', { p_post_id: p2, p_user_id: fan.id, p_reaction_type: 'like' });
    expect(await notifications(author.id, 'like_content', fan.id)).toBe(2);
  });

  it('toggling a follow 20 times leaves one new_follower notification', async () => {
    const star = w.members.moderator;
    const fan = w.members.other;
    for (let i = 0; i < 20; i += 1) {
      const { error } = await fan.client.rpc('toggle_follow', { p_follower_id: fan.id, p_following_id: star.id });
      expect(error).toBeNull();
    }
    expect(await notifications(star.id, 'new_follower', fan.id)).toBe(1);
  });

  it('following and unfollowing 20 times, through the RPC and through table writes, leaves one activity row on each feed', async () => {
    const star = w.members.admin;
    const fan = w.members.member;
    const activities = async (owner: string, kind: string, other: string) => {
      const { rows } = await w.db.query<{ n: number }>(
        'select count(*)::int as n from public.user_activities where user_id = $1 and activity_type = $2 and related_entity_id = $3 and not _deleted',
        [owner, kind, other],
      );
      return rows[0]!.n;
    };
    for (let i = 0; i < 10; i += 1) {
      const { error } = await fan.client.rpc('toggle_follow', { p_follower_id: fan.id, p_following_id: star.id });
      expect(error).toBeNull();
    }
    // The app's replication writes the follow row itself: on and off by its _deleted flag.
    const { data: follow } = await fan.client.from('followers').select('id, _deleted').eq('follower_id', fan.id).eq('following_id', star.id).single();
    for (let i = 0; i < 10; i += 1) {
      const { error } = await fan.client
        .from('followers')
        .update({ _deleted: i % 2 === 0 })
        .eq('id', follow!.id);
      expect(error).toBeNull();
    }
    expect(await activities(star.id, 'was_followed_by', fan.id)).toBe(1);
    expect(await activities(fan.id, 'followed_user', star.id)).toBe(1);
    // Following someone else is a new row on the follower's feed.
    await fan.client.rpc('toggle_follow', { p_follower_id: fan.id, p_following_id: w.members.moderator.id });
    expect(await activities(fan.id, 'followed_user', w.members.moderator.id)).toBe(1);
  });
});

describe('karma farming', () => {
  it('creating and deleting discussions earns nothing; a live one earns the award once', async () => {
    const m = w.members.admin;
    const start = await karma(m.id);
    for (let i = 0; i < 3; i += 1) {
      const { data, error } = await m.client.rpc('create_discussion_and_award_karma', {
        discussion_title: `Farm ${i}`,
        discussion_category: 'Off-Topic',
        post_content: '<p>x</p>',
        user_id_param: m.id,
        karma_to_award: 5,
      });
      expect(error).toBeNull();
      expect((await m.client.rpc('delete_discussion_and_posts', { p_discussion_id: (data as { id: string }).id })).error).toBeNull();
    }
    expect(await karma(m.id)).toBe(start);
    const { error } = await m.client
      .from('discussions')
      .insert({ id: randomUUID(), user_id: m.id, title: 'Born deleted', category: 'Off-Topic', _deleted: true });
    expect(error).toBeNull();
    expect(await karma(m.id)).toBe(start);
    const live = randomUUID();
    expect((await m.client.from('discussions').insert({ id: live, user_id: m.id, title: 'Live', category: 'Off-Topic' })).error).toBeNull();
    expect(await karma(m.id)).toBe(start + DISCUSSION_KARMA_AWARD);
  });
});
