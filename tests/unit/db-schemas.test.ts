import { afterEach, describe, expect, it } from 'vitest';
import type { MigrationStrategies } from 'rxdb';
import { COLLECTION_DEFINITIONS, LOCAL_ONLY_COLLECTIONS, REPLICATED_COLLECTIONS, type CollectionName } from '@/db/collections';
import type { AppDatabase } from '@/db/database';
import { draftId } from '@/db/schemas/drafts';
import { postsSchema, type PostDoc } from '@/db/schemas/posts';
import { rowToDoc } from '@/db/replication/row-mapping';
import { TABLE_SPECS } from '@/db/replication/tables';
import { insertLocal } from '@/db/writes';
import { testDatabase, testStorage } from './db-support/memory-db';
import frozenSchemas from './fixtures/rxdb-schemas-v0.json';

const opened: AppDatabase[] = [];
async function open(...args: Parameters<typeof testDatabase>) {
  const db = await testDatabase(...args);
  opened.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

const uuid = () => crypto.randomUUID();

describe('schemas', () => {
  it('has one collection per replicated table and the local-only ones', async () => {
    const db = await open();
    for (const name of [...REPLICATED_COLLECTIONS, ...LOCAL_ONLY_COLLECTIONS]) expect(db[name], name).toBeDefined();
    expect(Object.keys(TABLE_SPECS).sort()).toEqual([...REPLICATED_COLLECTIONS].sort());
  });

  it('has a migration strategy for every version above 0', () => {
    for (const [name, def] of Object.entries(COLLECTION_DEFINITIONS) as [
      CollectionName,
      { schema: { version: number }; migrationStrategies: MigrationStrategies },
    ][]) {
      for (let v = 1; v <= def.schema.version; v += 1) expect(typeof def.migrationStrategies[v], `${name} v${v}`).toBe('function');
    }
  });

  it('stores rows exactly as PostgREST returns them for every replicated table', async () => {
    const db = await open();
    const ts = '2026-03-04T05:06:07.123456+00:00';
    const id = uuid();
    const rows: Record<string, Record<string, unknown>> = {
      profiles: {
        id,
        username: 'dj_one',
        display_name: null,
        avatar_url: null,
        banner_url: null,
        bio: null,
        location: null,
        role: 'fan',
        genres: ['house'],
        social_links: {},
        subscription_tier: 'free',
        monetization: { tipJarEnabled: false },
        signature: null,
        karma: 0,
        is_featured: false,
        followers_count: 0,
        following_count: 0,
        created_at: ts,
        updated_at: ts,
      },
      followers: { id, follower_id: uuid(), following_id: uuid(), created_at: ts },
      notifications: {
        id,
        user_id: uuid(),
        type: 'new_reply',
        is_read: false,
        created_at: ts,
        content_preview: 'hi',
        related_entity_id: uuid(),
        target_entity_id: uuid(),
        actor_id: uuid(),
        actor_username: 'x',
        actor_avatar_url: null,
      },
      user_activities: {
        id,
        user_id: uuid(),
        activity_type: 'post',
        related_entity_id: uuid(),
        related_entity_type: 'discussion',
        related_entity_title: 'T',
        actor_username: 'x',
        actor_avatar_url: null,
        created_at: ts,
      },
      discussions: {
        id,
        user_id: uuid(),
        title: 'T',
        category: 'general',
        is_pinned: false,
        is_locked: false,
        created_at: ts,
        updated_at: ts,
        last_activity_at: ts,
        post_count: 1,
        author_username: 'x',
        author_display_name: 'X',
        author_avatar_url: null,
      },
      posts: {
        id,
        discussion_id: uuid(),
        user_id: uuid(),
        parent_post_id: null,
        quoted_post_id: null,
        content: '<p>hi</p>',
        created_at: ts,
        updated_at: ts,
        is_solution: false,
        reactions_summary: { like: 2 },
      },
      reactions: { id, post_id: uuid(), user_id: uuid(), reaction_type: 'like', created_at: ts },
      user_content: {
        id,
        user_id: uuid(),
        title: 'Mix',
        description: null,
        type: 'mix',
        genre: null,
        tags: [],
        content_url: null,
        cover_image_url: null,
        is_public: true,
        created_at: ts,
        updated_at: ts,
      },
      blog_posts: {
        id,
        title: 'B',
        slug: 'b',
        content: 'x',
        content_markdown: 'x',
        excerpt: null,
        author_id: null,
        status: 'draft',
        is_featured: false,
        published_at: null,
        cover_image_url: null,
        tags: [],
        created_at: ts,
        updated_at: ts,
      },
      discussion_reads: { id, user_id: id, discussion_id: id, last_read_at: ts, level: 'muted', created_at: ts, updated_at: ts },
      drafts: { id, user_id: uuid(), kind: 'reply', key: uuid(), content: 'half a reply', fields: { quoted_post_id: null }, updated_at: ts },
      pinned: {
        id,
        user_id: uuid(),
        entity_type: 'discussion',
        entity_id: uuid(),
        discussion_id: null,
        note: null,
        remind_at: null,
        reminded_at: null,
        created_at: ts,
      },
    };
    for (const name of REPLICATED_COLLECTIONS) {
      const row = { ...rows[name], _modified: ts, _deleted: false, unknown_future_column: 1 };
      const { _deleted, ...doc } = rowToDoc(TABLE_SPECS[name], db[name].schema.jsonSchema as never, row) as Record<string, unknown>;
      expect(_deleted).toBe(false);
      await (db[name] as unknown as { insert(d: unknown): Promise<unknown> }).insert(doc);
      const stored = (await (db[name] as unknown as { findOne(id: string): { exec(): Promise<{ toJSON(): Record<string, unknown> } | null> } })
        .findOne(id)
        .exec())!.toJSON();
      expect(stored.server_modified, name).toBe(ts);
      expect(stored).not.toHaveProperty('unknown_future_column');
    }
    const profile = await db.profiles.findOne(id).exec();
    expect(profile!.display_name).toBe('dj_one');
    const post = await db.posts.findOne(id).exec();
    expect(post!.created_at).toBe('2026-03-04T05:06:07.123Z');
  });

  it('refuses a document that breaks its schema', async () => {
    const db = await open();
    await expect(
      db.posts.insert({ id: uuid(), discussion_id: uuid(), user_id: uuid(), created_at: new Date().toISOString(), is_solution: false } as unknown as PostDoc),
    ).rejects.toThrow();
  });

  it('insertLocal fills id and timestamps and the doc is queued as waiting', async () => {
    const db = await open();
    const doc = await insertLocal(db, 'posts', { discussion_id: uuid(), user_id: uuid(), content: 'hello', is_solution: false });
    expect(doc.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(doc.created_at)).not.toBeNaN();
    expect(doc.updated_at).toBe(doc.created_at);
    const entry = await db.outbox.findOne(`posts:${doc.id}`).exec();
    expect(entry?.state).toBe('waiting');
  });

  it('drafts written before drafts synced keep their text under the id every device of their member computes', async () => {
    const name = `drafts${uuid().slice(0, 8)}`;
    const storage = testStorage();
    const before = await testDatabase({
      name,
      storage,
      definitionOverrides: { drafts: { schema: frozenSchemas.drafts as never, migrationStrategies: {} } },
    });
    const member = uuid();
    const thread = uuid();
    const at = new Date().toISOString();
    await before.drafts.insert({ id: `reply:${thread}`, kind: 'reply', key: thread, content: 'half a reply', user_id: member, updated_at: at });
    await before.drafts.insert({ id: 'discussion:new', kind: 'discussion', key: 'discussion:new', content: 'a new thread', user_id: member, updated_at: at });
    await before.drafts.insert({
      id: `rejected:posts:${thread}`,
      kind: 'rejected',
      key: thread,
      content: 'refused',
      reason: 'Locked',
      user_id: member,
      updated_at: at,
    });
    await before.close();

    const after = await open({ name, storage });
    expect((await after.drafts.findOne(draftId(member, 'reply', thread)).exec())?.content).toBe('half a reply');
    expect((await after.drafts.findOne(draftId(member, 'discussion', 'discussion:new')).exec())?.content).toBe('a new thread');
    expect((await after.drafts.findOne(`rejected:posts:${thread}`).exec())?.reason).toBe('Locked');
    expect(await after.drafts.count().exec()).toBe(3);
  });

  it('a schema version bump migrates the documents already on the device, unsent ones included', async () => {
    const name = `mig${uuid().slice(0, 8)}`;
    const storage = testStorage();
    const before = await testDatabase({ name, storage });
    const queued = await insertLocal(before, 'posts', { discussion_id: uuid(), user_id: uuid(), content: 'written offline', is_solution: false });
    await before.close();

    const v1 = { ...postsSchema, version: 1 };
    const after = await open({
      name,
      storage,
      definitionOverrides: {
        posts: { schema: v1 as never, migrationStrategies: { 1: (doc: PostDoc) => ({ ...doc, content: doc.content.toUpperCase() }) } },
      },
    });
    const migrated = await after.posts.findOne(queued.id).exec();
    expect(migrated?.content).toBe('WRITTEN OFFLINE');
  });
});
