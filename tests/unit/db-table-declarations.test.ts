import { describe, expect, expectTypeOf, it } from 'vitest';
import { createRxSchema } from 'rxdb';
import {
  COLLECTION_DEFINITIONS,
  REPLICATED_COLLECTIONS,
  REPLICATED_TABLES,
  isReplicatedCollection,
  type AppDocTypes,
  type CollectionName,
  type ReplicatedCollectionName,
} from '@/db/collections';
import type { DiscussionDoc } from '@/db/schemas/discussions';
import type { DraftDoc } from '@/db/schemas/drafts';
import type { PinnedDoc } from '@/db/schemas/pinned';
import { TABLE_SPECS } from '@/db/replication/tables';
import { rowToDoc } from '@/db/replication/row-mapping';
import { defineTable, type TableRow } from '@/db/schemas/declare-table';
import { ID_FIELD, NULLABLE_STRING, TIMESTAMP_FIELD } from '@/db/schemas/fields';
import { toDiscussionRow } from '@/features/discussions/model/row-shapes';
import type { DiscussionRow } from '@/features/discussions/model/types';
import frozenSchemas from './fixtures/rxdb-schemas-v0.json';
import frozenSpecs from './fixtures/table-specs-v0.json';

/**
 * The fixtures are the hand-written schemas and replication specs as devices already hold them, frozen when
 * they became derived from the tables' declarations. A device opens its store with the schema's hash: a
 * schema that differs at the same version would refuse to open the data already stored.
 */
const hash = (schema: unknown) => createRxSchema(schema as never, (input) => Promise.resolve(String(input))).hash;

describe('table declarations', () => {
  it('derive exactly the store schemas devices already hold, hash included, until a version bump', async () => {
    const names = Object.keys(COLLECTION_DEFINITIONS) as CollectionName[];
    expect(names.sort()).toEqual(Object.keys(frozenSchemas).sort());
    for (const name of names) {
      const derived = COLLECTION_DEFINITIONS[name].schema;
      const frozen = frozenSchemas[name];
      // A new stored shape is a new version with its migration step (tests/unit/db-schemas.test.ts checks those).
      if (derived.version > frozen.version) continue;
      expect(derived, name).toEqual(frozen);
      expect(await hash(derived), name).toBe(await hash(frozen));
    }
  });

  it('derive replication specs that keep everything replication did before', () => {
    expect(Object.keys(TABLE_SPECS).sort()).toEqual([...REPLICATED_COLLECTIONS].sort());
    for (const name of REPLICATED_COLLECTIONS) {
      const spec = TABLE_SPECS[name];
      // A collection that was local only when the specs were frozen (drafts) had nothing to keep.
      if (!(name in frozenSpecs)) continue;
      const frozen = frozenSpecs[name as keyof typeof frozenSpecs];
      expect(spec.collection, name).toBe(name);
      expect(
        {
          table: spec.table,
          direction: spec.direction,
          perIdentity: spec.perIdentity,
          membersOnly: spec.membersOnly,
          readable: spec.readable,
          hasFilter: Boolean(spec.filter),
          hasAccepts: Boolean(spec.accepts),
          hasAlwaysKept: Boolean(spec.alwaysKept),
          hasNormalize: Boolean(spec.normalize),
        },
        name,
      ).toEqual({
        table: frozen.table,
        direction: frozen.direction,
        perIdentity: frozen.perIdentity,
        membersOnly: frozen.membersOnly,
        readable: frozen.readable,
        hasFilter: frozen.hasFilter,
        hasAccepts: frozen.hasAccepts,
        hasAlwaysKept: frozen.hasAlwaysKept,
        hasNormalize: frozen.hasNormalize,
      });
      // Columns are sets (the order of a request body's keys carries nothing); a new column may join them,
      // none the device sent, changed or normalised before may leave.
      for (const list of ['insertColumns', 'updateColumns', 'timestampFields'] as const) {
        expect(spec[list], `${name}.${list}`).toEqual(expect.arrayContaining(frozen[list]));
      }
      // Tables that name their columns still do, and still read every column they read before.
      if (frozen.readColumns === null) expect(spec.readColumns, name).toBeUndefined();
      else expect(spec.readColumns?.split(','), name).toEqual(expect.arrayContaining(frozen.readColumns.split(',')));
    }
  });

  it("fill the values an index needs from the declaration's fallbacks, then its own rule", () => {
    const ts = '2026-03-04T05:06:07.123456+00:00';
    const discussion = rowToDoc(TABLE_SPECS.discussions, COLLECTION_DEFINITIONS.discussions.schema, {
      id: 'd1',
      user_id: 'u1',
      title: 'T',
      category: 'general',
      is_pinned: null,
      is_locked: null,
      created_at: ts,
      last_activity_at: null,
      post_count: null,
      _modified: ts,
      _deleted: false,
    });
    expect(discussion).toMatchObject({ is_pinned: false, is_locked: false, post_count: 0, last_activity_at: '2026-03-04T05:06:07.123Z' });

    const profile = rowToDoc(TABLE_SPECS.profiles, COLLECTION_DEFINITIONS.profiles.schema, {
      id: 'p1',
      username: 'dj_one',
      display_name: null,
      role: null,
      karma: null,
      created_at: ts,
    });
    expect(profile).toMatchObject({ username: 'dj_one', display_name: 'dj_one', role: 'fan', karma: 0 });

    const post = rowToDoc(TABLE_SPECS.blog_posts, COLLECTION_DEFINITIONS.blog_posts.schema, { id: 'b1', published_at: null, is_featured: null, status: null });
    expect(post).toMatchObject({ published_at: '', is_featured: false, status: 'draft' });
  });

  it('are checked against the generated database types', () => {
    const followers = {
      table: 'followers',
      version: 0,
      direction: 'both',
      perIdentity: false,
      membersOnly: false,
    } as const;
    const columns = {
      id: { field: ID_FIELD, required: true },
      follower_id: { field: ID_FIELD, required: true },
      following_id: { field: ID_FIELD, required: true },
      created_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
    } as const;
    // Every column of the row, none more: the exact declaration is accepted.
    expect(defineTable({ ...followers, columns }).schema.required).toEqual(['id', 'follower_id', 'following_id', 'created_at']);
    // @ts-expect-error a column the database does not have
    defineTable({ ...followers, columns: { ...columns, mood: { field: NULLABLE_STRING } } });
    const { created_at: _omitted, ...withoutOne } = columns;
    // @ts-expect-error a column the database has, missing from the declaration
    defineTable({ ...followers, columns: withoutOne });
    // @ts-expect-error a fallback of the wrong type for the column
    defineTable({ ...followers, columns: { ...columns, follower_id: { field: ID_FIELD, fallback: 0 } } });
    // @ts-expect-error a table the database does not have
    defineTable({ ...followers, table: 'follows', columns });
  });

  it("give the screens' rows the stored document's types: a thread's last activity is always there", () => {
    const doc = rowToDoc(TABLE_SPECS.discussions, COLLECTION_DEFINITIONS.discussions.schema, {
      id: 'd1',
      user_id: 'u1',
      title: 'T',
      category: 'general',
      created_at: '2026-03-04T05:06:07Z',
      last_activity_at: '2026-03-05T05:06:07Z',
      updated_at: null,
    });
    const row: DiscussionRow = toDiscussionRow(doc);
    // Typed as the document has it (a string), where the screen's own type once said it could be missing.
    const lastActivity: string = row.last_activity_at;
    expect(lastActivity).toBe('2026-03-05T05:06:07.000Z');
    expect(row.updated_at).toBe('2026-03-04T05:06:07.000Z');
  });
});

describe('the map of replicated tables', () => {
  it('is the one list: names, document types and definitions all come from it', () => {
    expect([...REPLICATED_COLLECTIONS]).toEqual(Object.keys(REPLICATED_TABLES));
    for (const name of REPLICATED_COLLECTIONS) {
      expect(REPLICATED_TABLES[name].name).toBe(name);
      expect(COLLECTION_DEFINITIONS[name].schema).toBe(REPLICATED_TABLES[name].schema);
      expect(TABLE_SPECS[name]).toBe(REPLICATED_TABLES[name].sync);
      expect(isReplicatedCollection(name)).toBe(true);
    }
    expect(isReplicatedCollection('outbox')).toBe(false);
    expect(isReplicatedCollection('toString')).toBe(false);
    // The document types are the declarations' own, not a second description.
    expectTypeOf<AppDocTypes['discussions']>().toEqualTypeOf<DiscussionDoc>();
    expectTypeOf<AppDocTypes['drafts']>().toEqualTypeOf<DraftDoc>();
    expectTypeOf<AppDocTypes['pinned']>().toEqualTypeOf<PinnedDoc>();
    expectTypeOf<ReplicatedCollectionName>().toEqualTypeOf<Exclude<CollectionName, 'outbox'>>();
  });
});

describe('the pinned collection', () => {
  it("holds every column of the member's bookmarks table, declared once, beside the device's own", () => {
    // A column the bookmarks table gains fails the type check of its declaration until it is declared.
    expectTypeOf<Exclude<keyof TableRow<'bookmarks'>, '_modified' | '_deleted'>>().toEqualTypeOf<
      Exclude<keyof PinnedDoc, 'reason' | 'pinned_at' | 'server_modified'>
    >();
    const spec = TABLE_SPECS.pinned;
    expect(spec.table).toBe('bookmarks');
    expect(spec.collection).toBe('pinned');
    expect([...spec.insertColumns].sort()).toEqual(['entity_id', 'entity_type', 'id', 'note', 'remind_at', 'user_id']);
    expect([...spec.updateColumns].sort()).toEqual(['_deleted', 'note', 'remind_at']);
  });
});
