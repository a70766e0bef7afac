import { describe, expect, it } from 'vitest';
import type { RxDocumentData } from 'rxdb';
import { fromDexieToStorage, fromStorageToDexie } from 'rxdb/plugins/storage-dexie';
import { fromDexieRecord, toDexieRecord } from '@/db/dexie-record';

/** A stored document: RxDB's own fields, then `fields` (which may override them). */
const doc = (fields: Record<string, unknown>) =>
  ({ _deleted: false, _rev: '1-a', _attachments: {}, _meta: { lwt: 1 }, ...fields }) as RxDocumentData<Record<string, unknown>>;

/** Documents as a sync writes them, and the shapes RxDB's conversion treats specially. */
const DOCUMENTS: Record<string, RxDocumentData<Record<string, unknown>>> = {
  'a post': doc({
    id: 'p1',
    content: 'hi',
    is_solution: true,
    reactions_summary: { fire: 2, heart: 1 },
    parent_post_id: null,
    _meta: { lwt: 1_700_000_000_000.01 },
  }),
  'a boolean index missing': doc({ id: 'p2', _deleted: true }),
  'a key starting with a pipe': doc({ id: 'p3', '|odd': 1 }),
  'a nested key starting with a pipe': doc({ id: 'p4', reactions_summary: { '|x': 1 } }),
  'a dotted key with a piped part': doc({ id: 'p5', 'a.|b': 1 }),
  'a key in an array starting with a pipe': doc({ id: 'p6', list: [{ '|y': 1 }, 2, null] }),
  'a key starting with the substitute': doc({ id: 'p7', __kept: 'as is going in', nested: { __z: 1 } }),
  'a date inside': doc({ id: 'p8', when: new Date(0) }),
};

const INDEXES: Record<string, string[]> = {
  'top-level booleans': ['_deleted', 'is_solution'],
  'no booleans': [],
  'a nested boolean': ['_deleted', 'flags.pinned'],
};

describe("a document's stored record", () => {
  for (const [what, document] of Object.entries(DOCUMENTS)) {
    for (const [which, indexes] of Object.entries(INDEXES)) {
      it(`is RxDB's Dexie record for ${what}, with ${which}`, () => {
        const record = toDexieRecord(indexes, structuredClone(document));
        expect(record).toStrictEqual(fromStorageToDexie(indexes, structuredClone(document)));
        // Reading the record back gives what RxDB's storage reads back.
        const stored = structuredClone(record) as RxDocumentData<Record<string, unknown>>;
        expect(fromDexieRecord(indexes, structuredClone(stored))).toStrictEqual(fromDexieToStorage(indexes, structuredClone(stored)));
      });
    }
  }

  it('leaves the document it was made from as it was', () => {
    const document = structuredClone(DOCUMENTS['a post']!);
    const record = toDexieRecord(['_deleted', 'is_solution'], document) as Record<string, unknown>;
    expect(record.is_solution).toBe('1');
    expect(document.is_solution).toBe(true);
    expect(document._deleted).toBe(false);
  });

  it('reads booleans back from what the store holds', () => {
    const stored = { id: 'p', _deleted: '1', is_solution: '0', _meta: { lwt: 1 } } as unknown as RxDocumentData<Record<string, unknown>>;
    const document = fromDexieRecord(['_deleted', 'is_solution'], stored);
    expect(document).toStrictEqual({ id: 'p', _deleted: true, is_solution: false, _meta: { lwt: 1 } });
  });
});
