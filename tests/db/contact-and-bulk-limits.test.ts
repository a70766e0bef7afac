import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, testStack, withDb } from '../support/clients';
import { createWorld, fixtures, type World } from './helpers/world';

/** One request cannot add thousands of rows, and nobody can flood the contact inbox. */

const TOO_MANY_ROWS = 'Only one row can be added per request.';
const TOO_MANY_MESSAGES = 'You have sent too many messages. Please try again later.';
const MEMBER_CONTACT_LIMIT = 5;
const VISITOR_CONTACT_LIMIT = 10;

let w: World;
beforeAll(async () => {
  w = await createWorld('cl');
});
afterAll(async () => w?.close());

const message = (subject: string) => ({ name: 'Ana', email: 'ana@example.test', subject, message: 'Hello there' });
async function contactCount(subject: string) {
  const { rows } = await w.db.query<{ n: number }>('select count(*)::int as n from public.contact_messages where subject = $1', [subject]);
  return rows[0]!.n;
}

describe('bulk inserts', () => {
  it('a visitor or member inserting many rows in one request is refused and nothing is stored', async () => {
    const subject = `bulk ${randomUUID()}`;
    const anonBulk = await anonClient()
      .from('contact_messages')
      .insert(Array.from({ length: 50 }, () => message(subject)));
    expect(anonBulk.error?.message).toBe(TOO_MANY_ROWS);
    expect(anonBulk.status).toBe(413);
    expect(await contactCount(subject)).toBe(0);

    const m = w.members.member;
    const d = await fixtures.discussion(w.db, w.members.other.id);
    const posts = await m.client.from('posts').insert([1, 2].map((i) => ({ discussion_id: d, user_id: m.id, content: `<p>spam ${i}</p>` })));
    expect(posts.error?.message).toBe(TOO_MANY_ROWS);
    const { rows } = await w.db.query<{ n: number }>('select count(*)::int as n from public.posts where discussion_id = $1', [d]);
    expect(rows[0]!.n).toBe(1);
    const p1 = await fixtures.post(w.db, d, w.members.other.id);
    const p2 = await fixtures.post(w.db, d, w.members.other.id);
    const likes = await m.client.from('reactions').insert([p1, p2].map((post_id) => ({ id: randomUUID(), post_id, user_id: m.id })));
    expect(likes.error?.message).toBe(TOO_MANY_ROWS);
    const follows = await m.client
      .from('followers')
      .insert([w.members.other.id, w.members.admin.id].map((following_id) => ({ id: randomUUID(), follower_id: m.id, following_id })));
    expect(follows.error?.message).toBe(TOO_MANY_ROWS);
    // One row at a time, as the app sends them, still works.
    expect((await m.client.from('reactions').insert({ id: randomUUID(), post_id: p1, user_id: m.id })).error).toBeNull();
  });
});

describe('contact message rate limit', () => {
  it('a member gets 429 with a message past the hourly limit; another member is unaffected', async () => {
    const m = w.members.moderator;
    const subject = `member ${randomUUID()}`;
    for (let i = 0; i < MEMBER_CONTACT_LIMIT; i++) {
      expect((await m.client.from('contact_messages').insert(message(subject))).error).toBeNull();
    }
    const over = await m.client.from('contact_messages').insert(message(subject));
    expect(over.status).toBe(429);
    expect(over.error?.message).toBe(TOO_MANY_MESSAGES);
    expect(await contactCount(subject)).toBe(MEMBER_CONTACT_LIMIT);
    expect((await w.members.admin.client.from('contact_messages').insert(message(subject))).error).toBeNull();
  });

  it('visitors are limited per client address, which the gateway sets and a client cannot spoof', async () => {
    // As PostgREST runs a visitor's insert: role anon, the forwarded headers in request.headers.
    const asVisitor = (ip: string, subject: string) =>
      withDb(async (db) => {
        await db.query('begin');
        try {
          await db.query('set local role anon');
          await db.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': `${ip}, 10.0.0.1` })]);
          await db.query('insert into public.contact_messages (name, email, subject, message) values ($1, $2, $3, $4)', [
            'Ana',
            'ana@example.test',
            subject,
            'Hello',
          ]);
          await db.query('commit');
          return null;
        } catch (e) {
          await db.query('rollback');
          return (e as Error).message;
        }
      });
    const subject = `visitor ${randomUUID()}`;
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < VISITOR_CONTACT_LIMIT; i++) expect(await asVisitor(ip, subject)).toBeNull();
    expect(await asVisitor(ip, subject)).toBe(TOO_MANY_MESSAGES);
    expect(await asVisitor('198.51.100.9', subject)).toBeNull();

    // Through the gateway a claimed address is replaced by the one it saw.
    const claimed = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    const { apiUrl, anonKey } = testStack();
    const res = await fetch(`${apiUrl}/rest/v1/contact_messages`, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        authorization: `Bearer ${anonKey}`,
        'content-type': 'application/json',
        'x-forwarded-for': claimed,
        'cf-connecting-ip': claimed,
      },
      body: JSON.stringify(message(subject)),
    });
    expect(res.status).toBe(201);
    const { rows } = await w.db.query('select sender from private.contact_message_senders where sender = $1', [`ip:${claimed}`]);
    expect(rows).toHaveLength(0);
  });
});
