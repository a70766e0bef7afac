import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownPushService, PUSH_SERVICE_HOST_SUFFIXES, PUSH_SERVICE_HOSTS } from '../../supabase/functions/send-push/endpoint-policy';
import { newMember, testStack, withDb, type TestMember } from '../support/clients';
import { SQLSTATE } from './helpers/db-contract';
import { browserPushKeys } from '../support/push-keys';

/** The server only ever calls push services, whatever endpoint a member registers. */

const REFUSED = 'Push endpoint must be an https address of a known push service.';

let internal: Server;
let internalUrl = '';
let hits = 0;
let member: TestMember;

beforeAll(async () => {
  // Stands for an internal service on the server's loopback that a member must not reach.
  internal = createServer((req, res) => {
    hits += 1;
    req.resume();
    res.writeHead(201).end();
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/internal/admin`;
  member = await newMember('pushssrf');
});
afterAll(async () => {
  await new Promise<void>((resolve) => internal?.close(() => resolve()));
});

const register = (endpoint: string) =>
  member.client
    .from('push_subscriptions')
    .insert({ user_id: member.id, endpoint, ...browserPushKeys() })
    .select('id');

describe('push endpoints', () => {
  it('refuses loopback, plain http, unknown hosts, look-alikes and oversized endpoints', async () => {
    for (const endpoint of [
      internalUrl,
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://push.example.test/abc',
      'https://fcm.googleapis.com.evil.test/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://169.254.169.254/latest/meta-data',
      `https://fcm.googleapis.com/fcm/send/${'a'.repeat(5000)}`,
    ]) {
      const { error, status } = await register(endpoint);
      expect(error, endpoint.slice(0, 80)).toMatchObject({ code: SQLSTATE.check, message: REFUSED });
      expect(status).toBe(400);
      expect(isKnownPushService(endpoint), endpoint.slice(0, 80)).toBe(false);
    }
    const { rows } = await withDb((db) => db.query('select 1 from public.push_subscriptions where user_id = $1', [member.id]));
    expect(rows).toHaveLength(0);
  });

  it('accepts the browsers push services, and the database agrees with send-push on every host', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXk:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      expect((await register(endpoint)).error, endpoint).toBeNull();
      expect(isKnownPushService(endpoint)).toBe(true);
    }
    const hosts = [...PUSH_SERVICE_HOSTS, ...PUSH_SERVICE_HOST_SUFFIXES.map((suffix) => `shard1${suffix}`)];
    const { rows } = await withDb((db) =>
      db.query<{ ok: boolean }>(`select private.push_endpoint_allowed('https://' || h || '/x') as ok from unnest($1::text[]) h`, [hosts]),
    );
    expect(rows.map((r) => r.ok)).toEqual(hosts.map(() => true));
  });

  it('send-push does not call an endpoint that is not a push service, even one already stored', async () => {
    // A row stored while its origin was allowed (or before the check existed), no longer allowed now.
    const victim = await newMember('pushold');
    const origin = new URL(internalUrl).origin;
    await withDb(async (db) => {
      await db.query('insert into private.push_test_endpoints (origin) values ($1)', [origin]);
      try {
        await db.query('insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)', [
          victim.id,
          internalUrl,
          'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
          'tBHItJI5svbpez7KI4CCXg',
        ]);
      } finally {
        await db.query('delete from private.push_test_endpoints where origin = $1', [origin]);
      }
    });
    const { rows } = await withDb((db) =>
      db.query<{ id: string }>(`insert into public.notifications (user_id, type, content_preview) values ($1, 'new_follower', 'x') returning id`, [victim.id]),
    );
    const { apiUrl, anonKey, serviceRoleKey } = testStack();
    const res = await fetch(`${apiUrl}/functions/v1/send-push`, {
      method: 'POST',
      headers: { apikey: anonKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ notification_id: rows[0]!.id }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const report = (await res.json()) as { refused: number; sent: number; failed: number };
    expect(report.refused).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(hits).toBe(0);
  });
});
