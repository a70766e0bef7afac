import { createHash } from 'node:crypto';
import pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, newMember, testStack, type TestMember } from '../../support/clients';
import { RELATION_ID_NAMESPACE } from './db-contract';

/** The five kinds of caller of the permission matrix. */
export const ACTORS = ['anon', 'member', 'other', 'moderator', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, 'anon'>;

export interface World {
  members: Record<SignedInActor, TestMember>;
  client(actor: Actor): SupabaseClient;
  /** id of the actor's profile (null for anon) */
  id(actor: Actor): string | null;
  db: pg.Pool;
  close(): Promise<void>;
}

/**
 * Four signed-up members (through the real auth API); the moderator's and
 * admin's roles are set in the database, as only the server may.
 */
export async function createWorld(prefix: string): Promise<World> {
  const db = new pg.Pool({ connectionString: testStack().dbUrl, max: 4 });
  const [member, other, moderator, admin] = await Promise.all([
    newMember(`${prefix}m`),
    newMember(`${prefix}o`),
    newMember(`${prefix}mod`),
    newMember(`${prefix}adm`),
  ]);
  await db.query(`update public.profiles set role = 'moderator' where id = $1`, [moderator.id]);
  await db.query(`update public.profiles set role = 'admin' where id = $1`, [admin.id]);
  const members = { member, other, moderator, admin };
  const anon = anonClient();
  return {
    members,
    db,
    client: (actor) => (actor === 'anon' ? anon : members[actor].client),
    id: (actor) => (actor === 'anon' ? null : members[actor].id),
    close: () => db.end(),
  };
}

/** Rows arranged as the server (superuser): every trigger fires as it would for any writer. */
export const fixtures = {
  async discussion(db: pg.Pool, userId: string, extra: { locked?: boolean; title?: string; category?: string } = {}) {
    const { rows } = await db.query<{ id: string }>(`insert into public.discussions (user_id, title, category) values ($1, $2, $3) returning id`, [
      userId,
      extra.title ?? 'Which mixer for a first club set?',
      extra.category ?? 'Gear & Software',
    ]);
    const id = rows[0]!.id;
    await db.query(`insert into public.posts (discussion_id, user_id, content) values ($1, $2, $3)`, [
      id,
      userId,
      '<p>Looking at the DJM-A9 versus the Xone:96.</p>',
    ]);
    if (extra.locked) await db.query(`update public.discussions set is_locked = true where id = $1`, [id]);
    return id;
  },
  async post(db: pg.Pool, discussionId: string, userId: string, content = '<p>Go with the Xone, the filters are gorgeous.</p>') {
    const { rows } = await db.query<{ id: string }>(`insert into public.posts (discussion_id, user_id, content) values ($1, $2, $3) returning id`, [
      discussionId,
      userId,
      content,
    ]);
    return rows[0]!.id;
  },
  async row<T = Record<string, unknown>>(db: pg.Pool, table: string, id: string): Promise<T> {
    const { rows } = await db.query(`select * from public.${table} where id = $1`, [id]);
    return rows[0] as T;
  },
};

/** RFC 4122 v5 uuid, as the client computes the ids of follows and reactions. */
export function uuidV5(name: string, namespace = RELATION_ID_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1')
    .update(Buffer.concat([ns, Buffer.from(name, 'utf8')]))
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
