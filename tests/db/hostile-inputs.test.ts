import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newMember, testStack, withDb, type TestMember } from '../support/clients';
import { browserPushKeys } from '../support/push-keys';
import { CONTENT_BUCKET, DB_MESSAGES, SQLSTATE } from './helpers/db-contract';

/** What a member calling the API directly sends on purpose: each is refused with a 4xx and a reason, and stores nothing. */

let member: TestMember;
beforeAll(async () => {
  member = await newMember('hostile');
});

/** The anonymous role's statement timeout on Supabase (and in the local base). */
const ANON_STATEMENT_TIMEOUT_MS = 3000;

const endpoint = () => `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;

describe('push subscription keys', () => {
  const subscribe = (keys: { p256dh: string; auth: string }) =>
    member.client
      .from('push_subscriptions')
      .insert({ user_id: member.id, endpoint: endpoint(), ...keys })
      .select('id');
  const good = browserPushKeys();
  const compressed = Buffer.from(good.p256dh, 'base64url');
  compressed[0] = 0x02;

  it.each([
    ['a word', 'k'],
    ['a compressed point', Buffer.concat([Buffer.from([0x02]), compressed.subarray(1, 33)]).toString('base64url')],
    ['65 bytes without the 0x04 prefix', compressed.toString('base64url')],
    ['64 bytes', Buffer.from(good.p256dh, 'base64url').subarray(0, 64).toString('base64url')],
    ['standard base64 with + and /', Buffer.alloc(65, 0xfb).fill(4, 0, 1).toString('base64')],
  ])('refuses a p256dh that is %s, with the reason', async (_what, p256dh) => {
    const { error, status, data } = await subscribe({ p256dh, auth: good.auth });
    expect(status).toBe(400);
    expect(error?.code).toBe(SQLSTATE.check);
    expect(error?.message).toBe(DB_MESSAGES.pushP256dh);
    expect(data).toBeNull();
  });

  it.each([
    ['a word', 'a'],
    ['15 bytes', Buffer.alloc(15, 7).toString('base64url')],
    ['a uuid', randomUUID()],
  ])('refuses an auth secret that is %s, with the reason', async (_what, auth) => {
    const { error, status } = await subscribe({ p256dh: good.p256dh, auth });
    expect(status).toBe(400);
    expect(error?.message).toBe(DB_MESSAGES.pushAuth);
  });

  it("stores a browser's keys, with or without padding, and refuses bad keys on an update too", async () => {
    const keys = browserPushKeys();
    const { data, error } = await subscribe(keys);
    expect(error).toBeNull();
    const padded = await subscribe({ p256dh: `${browserPushKeys().p256dh}=`, auth: `${browserPushKeys().auth}==` });
    expect(padded.error).toBeNull();
    const update = await member.client.from('push_subscriptions').update({ auth: 'a' }).eq('id', data![0]!.id).select('auth');
    expect(update.error?.message).toBe(DB_MESSAGES.pushAuth);
    const kept = await withDb((db) => db.query<{ auth: string }>('select auth from public.push_subscriptions where id = $1', [data![0]!.id]));
    expect(kept.rows[0]!.auth).toBe(keys.auth);
  });
});

describe('a bulk anonymous insert', () => {
  it('of 20,000 contact messages is refused with 413 and its reason, not the statement timeout, and stores nothing', async () => {
    const subject = `bulk ${randomUUID()}`;
    const rows = Array.from({ length: 20_000 }, () => ({ name: 'Ana', email: 'ana@example.test', subject, message: 'Hello there' }));
    // Sent as an attacker would, straight to the API (supabase-js itself takes seconds to prepare 20,000 rows).
    const { apiUrl, anonKey } = testStack();
    const started = Date.now();
    const res = await fetch(`${apiUrl}/rest/v1/contact_messages`, {
      method: 'POST',
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(rows),
    });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(DB_MESSAGES.tooManyRows);
    // Refused at the second row, well inside the anonymous role's statement timeout.
    expect(elapsed).toBeLessThan(ANON_STATEMENT_TIMEOUT_MS);
    const stored = await withDb((db) => db.query<{ n: number }>('select count(*)::int as n from public.contact_messages where subject = $1', [subject]));
    expect(stored.rows[0]!.n).toBe(0);
  });

  it('is refused at its second row: the other 19,998 never go through the row checks', async () => {
    // A counting trigger that sorts after the refusal, added in a transaction that is rolled back.
    const checked = await withDb(async (db) => {
      await db.query('begin');
      try {
        await db.query('create temporary sequence rows_checked');
        await db.query(`create function pg_temp.count_row() returns trigger language plpgsql security definer as $$
          begin perform nextval('pg_temp.rows_checked'); return new; end $$`);
        await db.query('create trigger zz_count_rows before insert on public.contact_messages for each row execute function pg_temp.count_row()');
        await db.query('savepoint attempt');
        await db.query('set local role anon');
        const refused = await db
          .query(
            `insert into public.contact_messages (name, email, subject, message)
             select 'Ana', 'ana@example.test', 'bulk', 'Hello there' from generate_series(1, 20000)`,
          )
          .then(
            () => null,
            (err: { code?: string; message: string }) => err,
          );
        expect(refused?.message).toBe(DB_MESSAGES.tooManyRows);
        await db.query('rollback to savepoint attempt');
        const { rows } = await db.query<{ n: string }>('select (case when is_called then last_value else 0 end)::text as n from pg_temp.rows_checked');
        return Number(rows[0]!.n);
      } finally {
        await db.query('rollback');
      }
    });
    expect(checked).toBe(1);
  });
});

describe('storage.objects rules, for any writer (the storage service of a hosted project too)', () => {
  const write = (name: string, mimetype: string | null) =>
    withDb(async (db) => {
      try {
        await db.query('begin');
        await db.query(`insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, $3, $4)`, [
          CONTENT_BUCKET,
          name,
          member.id,
          mimetype === null ? null : { mimetype, size: 3 },
        ]);
        return null;
      } catch (err) {
        return err as { code?: string; message: string };
      } finally {
        await db.query('rollback');
      }
    });
  const track = (file: string) => `${member.id}/track/${file}`;

  it.each([
    ['a type the bucket lists with a list smuggled into a parameter', 'audio/mpeg; charset=x, text/html'],
    ['two types', 'audio/mpeg, text/html'],
    ['a parameter without a value', 'audio/mpeg; text/html'],
    ['a bare word', 'mpeg'],
  ])('refuses a recorded type that is %s', async (_what, mimetype) => {
    const err = await write(track('y.mp3'), mimetype);
    expect(err?.code).toBe(SQLSTATE.check);
    expect(err?.message).toBe(DB_MESSAGES.mimeTypeMalformed(mimetype));
  });

  it('refuses a well-formed type the bucket does not list exactly', async () => {
    for (const mimetype of ['text/html', 'audio/mpeg2', 'image/svg+xml', 'audio/*']) {
      const err = await write(track('y.mp3'), mimetype);
      expect(err?.message, mimetype).toBe(DB_MESSAGES.mimeTypeNotAllowed(mimetype));
    }
  });

  it("accepts the bucket's types, any case, with well-formed parameters, and the service's type-less permission probe", async () => {
    for (const mimetype of ['audio/mpeg', 'Audio/MPEG', 'audio/mpeg; charset=binary', 'image/png;name="a b.png"', '', null]) {
      expect(await write(track(`${randomUUID()}.mp3`), mimetype), String(mimetype)).toBeNull();
    }
  });

  it('refuses names with backslashes, control characters or dot segments', async () => {
    for (const name of [
      track('..\\..\\..\\pwn.mp3'),
      track('a\u0001b.mp3'),
      track('a\nb.mp3'),
      `${member.id}/../x.mp3`,
      `${member.id}/./x.mp3`,
      `${member.id}/track/..`,
    ]) {
      const err = await write(name, 'audio/mpeg');
      expect(err?.code, JSON.stringify(name)).toBe(SQLSTATE.check);
      expect(err?.message).toBe(DB_MESSAGES.objectName);
    }
    expect(await write(track('..mix...final.mp3'), 'audio/mpeg')).toBeNull();
  });
});
