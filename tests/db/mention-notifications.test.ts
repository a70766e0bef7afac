import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, fixtures, type World } from './helpers/world';

/** A member mentioned in a post is told once for that post, whether the mention came with the post or with an edit. */

let w: World;
const mentionsOf = async (userId: string, postId: string) =>
  (
    await w.db.query<{ type: string }>("select type from public.notifications where user_id = $1 and target_entity_id = $2 and type = 'discussion_mention'", [
      userId,
      postId,
    ])
  ).rows.length;

beforeAll(async () => {
  w = await createWorld('mn');
});
afterAll(async () => w?.close());

async function reply(content: string): Promise<string> {
  const author = w.members.member;
  const d = await fixtures.discussion(w.db, w.id('moderator')!);
  const id = randomUUID();
  const { error } = await author.client.from('posts').insert({ id, discussion_id: d, user_id: author.id, content });
  expect(error).toBeNull();
  return id;
}

async function edit(id: string, content: string): Promise<void> {
  const { error } = await w.members.member.client.from('posts').update({ content }).eq('id', id);
  expect(error).toBeNull();
}

describe('discussion_mention: once per post', () => {
  it('an edit that adds a mention tells that member once; edits that keep or repeat it tell nobody again', async () => {
    const other = w.members.other;
    const admin = w.members.admin;
    const id = await reply(`<p>Thanks @${other.username}</p>`);
    expect(await mentionsOf(other.id, id)).toBe(1);

    await edit(id, `<p>Thanks @${other.username}, and @${admin.username}</p>`);
    expect(await mentionsOf(admin.id, id)).toBe(1);
    expect(await mentionsOf(other.id, id)).toBe(1);

    await edit(id, `<p>Thanks @${other.username} @${other.username}, and @${admin.username.toUpperCase()} (typo fixed)</p>`);
    await edit(id, '<p>Thanks all</p>');
    await edit(id, `<p>Thanks @${other.username} and @${admin.username}</p>`);
    expect(await mentionsOf(other.id, id)).toBe(1);
    expect(await mentionsOf(admin.id, id)).toBe(1);
  });

  it('a member who cleared the notification is not told again when an edit keeps the mention', async () => {
    const other = w.members.other;
    const id = await reply(`<p>cc @${other.username}</p>`);
    await w.db.query("update public.notifications set _deleted = true where user_id = $1 and target_entity_id = $2 and type = 'discussion_mention'", [
      other.id,
      id,
    ]);
    await edit(id, `<p>cc @${other.username} (edited)</p>`);
    const { rows } = await w.db.query('select 1 from public.notifications where user_id = $1 and target_entity_id = $2 and not _deleted', [other.id, id]);
    expect(rows).toHaveLength(0);
  });

  it("the thread's author, already told of the reply, gets no mention on top; the author's own name and unknown names tell nobody", async () => {
    const threadAuthor = w.members.moderator;
    const id = await reply('<p>first</p>');
    await edit(id, `<p>@${threadAuthor.username} @${w.members.member.username} @nobody_${randomUUID().slice(0, 8)}</p>`);
    const { rows } = await w.db.query<{ user_id: string; type: string }>('select user_id, type from public.notifications where target_entity_id = $1', [id]);
    expect(rows).toEqual([{ user_id: threadAuthor.id, type: 'new_reply' }]);
  });

  it('a deleted post tells nobody when it is edited', async () => {
    const other = w.members.other;
    const id = await reply('<p>soon gone</p>');
    expect((await w.members.member.client.from('posts').delete().eq('id', id)).error).toBeNull();
    await w.db.query('update public.posts set content = $2 where id = $1', [id, `<p>@${other.username}</p>`]);
    expect(await mentionsOf(other.id, id)).toBe(0);
  });
});
