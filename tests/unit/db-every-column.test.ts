// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { discussionsSchema, type DiscussionDoc } from '@/db/schemas/discussions';
import { hasEveryColumn, withEveryColumn } from '@/db/schemas/every-column';
import { postsSchema } from '@/db/schemas/posts';
import { HUB_PATH, readHubSnapshot, writeHubSnapshot } from '@/features/discussions/model/hub-snapshot';
import { toDiscussionRow, toPostRow } from '@/features/discussions/model/row-shapes';
import { writeLaunchSnapshot } from '@/launch/launch-snapshot';

const declared = (schema: { properties: object }) => Object.keys(schema.properties).filter((name) => name !== 'server_modified');

const doc: DiscussionDoc = {
  id: 'd1',
  user_id: 'u1',
  title: 'Crates',
  category: 'General Discussion',
  is_pinned: false,
  is_locked: false,
  created_at: '2026-01-01T00:00:00.000Z',
  last_activity_at: '2026-01-02T00:00:00.000Z',
  post_count: 0,
  server_modified: '2026-01-02T00:00:00.000Z',
};

describe("the screens' rows come from the declarations", () => {
  it('a rendered row has every declared column, null where the document has none, and no bookkeeping', () => {
    const row = toDiscussionRow(doc);
    expect(Object.keys(row).sort()).toEqual(declared(discussionsSchema).sort());
    expect(row).toMatchObject({ author_username: null, author_display_name: null, author_avatar_url: null, is_pinned: false, post_count: 0 });
    // Never edited: last changed when it was written.
    expect(row.updated_at).toBe(doc.created_at);
    expect('server_modified' in row).toBe(false);

    const post = toPostRow({ id: 'p1', discussion_id: 'd1', user_id: 'u1', content: 'hi', created_at: doc.created_at, is_solution: false });
    expect(Object.keys(post).sort()).toEqual(declared(postsSchema).sort());
    expect(post).toMatchObject({ parent_post_id: null, quoted_post_id: null, reactions_summary: null });
  });

  it('a column a schema adds reaches the rendered row without another list', () => {
    const schema = { ...discussionsSchema, properties: { ...discussionsSchema.properties, summary: { type: ['string', 'null'] } } } as typeof discussionsSchema;
    expect(withEveryColumn(schema, { ...doc, summary: 'two lines' } as DiscussionDoc)).toMatchObject({ summary: 'two lines' });
    expect(withEveryColumn(schema, doc)).toMatchObject({ summary: null });
  });

  it('a kept row is accepted only with every declared column of its declared type', () => {
    const row = toDiscussionRow(doc);
    expect(hasEveryColumn(discussionsSchema, row)).toBe(true);
    const { category: _dropped, ...withoutCategory } = row;
    expect(hasEveryColumn(discussionsSchema, withoutCategory)).toBe(false);
    expect(hasEveryColumn(discussionsSchema, { ...row, post_count: '3' })).toBe(false);
    // Required columns may not be null; optional ones are rendered as null.
    expect(hasEveryColumn(discussionsSchema, { ...row, title: null })).toBe(false);
    expect(hasEveryColumn(discussionsSchema, { ...row, author_username: null })).toBe(true);
    expect(hasEveryColumn(discussionsSchema, null)).toBe(false);
  });

  it("the hub's launch snapshot keeps a declared row and drops one of another shape", () => {
    const page = { items: [toDiscussionRow(doc)], total: 1, page: 1, totalPages: 1 };
    writeHubSnapshot({ page, categories: ['General Discussion'] });
    expect(readHubSnapshot()?.page.items).toEqual(page.items);
    writeLaunchSnapshot(HUB_PATH, { page: { ...page, items: [{ ...page.items[0], updated_at: null }] }, categories: [] });
    expect(readHubSnapshot()).toBeNull();
  });
});
