import type { GatewayContext } from '../context';
import type { Claims } from '../jwt';
import { apiRole } from './catalog';

/**
 * Private channels are authorized as Supabase does: by the `realtime.messages` RLS policies,
 * evaluated as the caller with `realtime.topic()` returning the channel's topic. Reading
 * (joining, receiving) needs a visible message of the extension; writing (sending a broadcast,
 * tracking presence) needs an insert the policies accept. Everything is rolled back.
 */

export interface ChannelPermissions {
  readBroadcast: boolean;
  readPresence: boolean;
  writeBroadcast: boolean;
  writePresence: boolean;
}

/** A public channel: no policies apply. */
export const PUBLIC_CHANNEL: ChannelPermissions = { readBroadcast: true, readPresence: true, writeBroadcast: true, writePresence: true };

const EXTENSIONS = ['broadcast', 'presence'] as const;

export async function channelPermissions(ctx: GatewayContext, claims: Claims, subTopic: string): Promise<ChannelPermissions> {
  const role = apiRole(claims.role);
  const client = await ctx.realtimeDb.connect();
  try {
    await client.query('begin');
    // Probe messages written with the server's own rights: what the caller may read of them is what it may receive.
    const { rows: probes } = await client.query<{ id: string; extension: string }>(
      `insert into realtime.messages (topic, extension, event, private)
       select $1, e, 'authorization-probe', true from unnest($2::text[]) as e returning id::text, extension`,
      [subTopic, EXTENSIONS],
    );
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', $1, true), set_config('realtime.topic', $4, true)`,
      [role, JSON.stringify(claims), claims.sub ?? '', subTopic],
    );
    const attempt = async (sql: string, params: unknown[]): Promise<{ rows: Array<{ extension: string }> } | null> => {
      await client.query('savepoint probe');
      try {
        const result = await client.query<{ extension: string }>(sql, params);
        await client.query('release savepoint probe');
        return result;
      } catch (err) {
        // refused by a policy or a missing grant: no permission
        if (typeof (err as { code?: unknown }).code !== 'string') throw err;
        await client.query('rollback to savepoint probe');
        return null;
      }
    };
    const read = await attempt('select extension from realtime.messages where id::text = any($1::text[])', [probes.map((p) => p.id)]);
    const readable = new Set(read?.rows.map((r) => r.extension) ?? []);
    const canWrite = async (extension: string) =>
      (await attempt(`insert into realtime.messages (topic, extension, event, private) values ($1, $2, 'authorization-probe', true) returning extension`, [
        subTopic,
        extension,
      ])) !== null;
    return {
      readBroadcast: readable.has('broadcast'),
      readPresence: readable.has('presence'),
      writeBroadcast: await canWrite('broadcast'),
      writePresence: await canWrite('presence'),
    };
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
