import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients';
import { createWorld, fixtures, type World } from './helpers/world';
import { DB_MESSAGES, SQLSTATE } from './helpers/db-contract';

/** Rule violations come back through PostgREST with a code and a message the app can show as is. */

let w: World;
beforeAll(async () => {
  w = await createWorld('vm');
});
afterAll(async () => w?.close());

const expectError = (result: { error: { code?: string; message: string } | null }, code: string, message: string) => {
  expect(result.error).toMatchObject({ code, message });
};

describe('profiles', () => {
  it('username format, case-insensitive uniqueness, signature length, tip jar', async () => {
    const m = w.members.member;
    const update = (patch: Record<string, unknown>) => m.client.from('profiles').update(patch).eq('id', m.id);
    expectError(await update({ username: 'no spaces!' }), SQLSTATE.check, DB_MESSAGES.usernameFormat);
    expectError(await update({ username: 'ab' }), SQLSTATE.check, DB_MESSAGES.usernameFormat);
    expectError(await update({ username: w.members.other.username.toUpperCase() }), SQLSTATE.unique, DB_MESSAGES.usernameTaken);
    expectError(await update({ signature: 'x'.repeat(256) }), SQLSTATE.check, DB_MESSAGES.signatureTooLong);
    expect((await update({ signature: 'x'.repeat(255) })).error).toBeNull();
    expectError(
      await update({ monetization: { tipJarEnabled: true, tipJarType: 'crypto', cryptoAddress: ' ', paypalEmail: null } }),
      SQLSTATE.check,
      DB_MESSAGES.tipJarCrypto,
    );
    expectError(
      await update({ monetization: { tipJarEnabled: true, tipJarType: 'paypal', cryptoAddress: null, paypalEmail: '' } }),
      SQLSTATE.check,
      DB_MESSAGES.tipJarPaypal,
    );
    const renamed = `Renamed_${randomUUID().slice(0, 6)}`;
    expect((await update({ username: renamed })).error).toBeNull();
    expect((await fixtures.row<{ username: string }>(w.db, 'profiles', m.id)).username).toBe(renamed.toLowerCase());
  });

  it('privileged columns are refused with 42501 and a message naming them', async () => {
    const m = w.members.other;
    const { error } = await m.client.from('profiles').update({ karma: 10_000, role: 'admin' }).eq('id', m.id);
    expect(error?.code).toBe(SQLSTATE.permission);
    expect(error?.message).toMatch(/karma, role can only be changed by the server/);
  });
});

describe('discussions and posts', () => {
  it('required fields, custom category rules, empty replies', async () => {
    const m = w.members.member;
    const create = (title: string, category: string, content: string) =>
      m.client.rpc('create_discussion_and_award_karma', {
        discussion_title: title,
        discussion_category: category,
        post_content: content,
        user_id_param: m.id,
        karma_to_award: 5,
      });
    expectError(await create(' ', 'Off-Topic', '<p>x</p>'), SQLSTATE.check, DB_MESSAGES.discussionRequired);
    expectError(await create('Title', 'Off-Topic', '   '), SQLSTATE.check, DB_MESSAGES.discussionRequired);
    expectError(await m.client.from('discussions').insert({ user_id: m.id, title: 'T', category: '' }), SQLSTATE.check, DB_MESSAGES.discussionRequired);
    expectError(await create('Title', 'Other', '<p>x</p>'), SQLSTATE.check, DB_MESSAGES.customCategoryRequired);
    expectError(await create('Title', 'x'.repeat(51), '<p>x</p>'), SQLSTATE.check, DB_MESSAGES.customCategoryTooLong);
    const custom = await create('Modular synth meetups', '  Modular Synths  ', '<p>Anyone in Leeds?</p>');
    expect(custom.error).toBeNull();
    expect((custom.data as { category: string }).category).toBe('Modular Synths');
    const { data: categories } = await anonClient().rpc('get_distinct_discussion_categories');
    expect(categories).toContainEqual({ category: 'Modular Synths' });

    const d = await fixtures.discussion(w.db, m.id);
    expectError(
      await m.client.rpc('create_post_with_quote', { p_discussion_id: d, p_user_id: m.id, p_content: '  \n ', p_parent_post_id: null, p_quoted_post_id: null }),
      SQLSTATE.check,
      DB_MESSAGES.emptyReply,
    );
  });

  it('locked threads: replies and edits get the locked message (P0001)', async () => {
    const author = w.members.member;
    const replier = w.members.other;
    const d = await fixtures.discussion(w.db, author.id);
    const p = await fixtures.post(w.db, d, replier.id);
    expect((await author.client.from('discussions').update({ is_locked: true }).eq('id', d)).error).toBeNull();
    expectError(
      await replier.client.rpc('create_post_with_quote', {
        p_discussion_id: d,
        p_user_id: replier.id,
        p_content: '<p>late</p>',
        p_parent_post_id: null,
        p_quoted_post_id: null,
      }),
      SQLSTATE.raised,
      DB_MESSAGES.locked,
    );
    expectError(
      await replier.client.from('posts').insert({ discussion_id: d, user_id: replier.id, content: '<p>queued</p>' }),
      SQLSTATE.raised,
      DB_MESSAGES.locked,
    );
    expectError(await replier.client.from('posts').update({ content: '<p>edit</p>' }).eq('id', p), SQLSTATE.raised, DB_MESSAGES.locked);
    expectError(await author.client.rpc('mark_post_as_solution', { p_post_id: p, p_discussion_id: d }), SQLSTATE.raised, DB_MESSAGES.locked);
  });

  it('permission messages for solutions, pins, deletes, impersonation and roles', async () => {
    const author = w.members.member;
    const other = w.members.other;
    const d = await fixtures.discussion(w.db, author.id);
    const p = await fixtures.post(w.db, d, other.id);
    expectError(
      await other.client.rpc('mark_post_as_solution', { p_post_id: p, p_discussion_id: d }),
      SQLSTATE.permission,
      DB_MESSAGES.onlyAuthorMarksSolution,
    );
    expectError(await author.client.from('discussions').update({ is_pinned: true }).eq('id', d), SQLSTATE.permission, DB_MESSAGES.pinDenied);
    expectError(await other.client.rpc('delete_discussion_and_posts', { p_discussion_id: d }), SQLSTATE.permission, DB_MESSAGES.cannotDeleteDiscussion);
    expectError(
      await other.client.rpc('create_post_with_quote', {
        p_discussion_id: d,
        p_user_id: author.id,
        p_content: '<p>x</p>',
        p_parent_post_id: null,
        p_quoted_post_id: null,
      }),
      SQLSTATE.permission,
      DB_MESSAGES.postAsOther,
    );
    expectError(
      await other.client.rpc('toggle_reaction_and_karma', { p_post_id: p, p_user_id: author.id, p_reaction_type: 'like' }),
      SQLSTATE.permission,
      DB_MESSAGES.reactAsOther,
    );
    expectError(
      await other.client.rpc('toggle_follow', { p_follower_id: author.id, p_following_id: w.id('admin') }),
      SQLSTATE.permission,
      DB_MESSAGES.followAsOther,
    );
    expectError(await other.client.rpc('toggle_follow', { p_follower_id: other.id, p_following_id: other.id }), SQLSTATE.check, DB_MESSAGES.followSelf);
    expectError(
      await w.members.moderator.client.rpc('admin_update_user_role', { target_user_id_param: other.id, new_role_param: 'admin' }),
      SQLSTATE.permission,
      DB_MESSAGES.rolesAdminOnly,
    );
  });
});

describe('content and contact', () => {
  it('upload record and contact form rules', async () => {
    const m = w.members.member;
    expectError(
      await m.client.from('user_content').insert({ user_id: m.id, title: '  ', type: 'track', content_url: 'https://example.test/a.mp3' }),
      SQLSTATE.check,
      DB_MESSAGES.contentTitleRequired,
    );
    expectError(
      await m.client.from('user_content').insert({ user_id: m.id, title: 'Tool', type: 'track', content_url: '' }),
      SQLSTATE.check,
      DB_MESSAGES.contentFileRequired,
    );
    const anon = anonClient();
    expectError(
      await anon.from('contact_messages').insert({ name: 'Ana', email: 'ana@example.test', subject: '', message: 'Hi' }),
      SQLSTATE.check,
      DB_MESSAGES.contactRequired,
    );
    expectError(
      await anon.from('contact_messages').insert({ name: 'Ana', email: 'not-an-email', subject: 'Hi', message: 'Hi' }),
      SQLSTATE.check,
      DB_MESSAGES.contactEmail,
    );

    const id = randomUUID();
    expect(
      (await m.client.from('contact_messages').insert({ id, name: 'Ana', email: 'ana@example.test', subject: 'Hi', message: 'Hi', user_id: w.id('other') }))
        .error,
    ).toBeNull();
    expect((await fixtures.row<{ user_id: string }>(w.db, 'contact_messages', id)).user_id).toBe(m.id);
  });
});
