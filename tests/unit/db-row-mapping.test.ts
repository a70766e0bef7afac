import { describe, expect, it } from 'vitest';
import { normalizeTimestamp, rowToDoc } from '@/db/replication/row-mapping';
import { TABLE_SPECS } from '@/db/replication/tables';
import { COLLECTION_DEFINITIONS } from '@/db/collections';

/** What a timestamp becomes through Date: the one format the store keeps. */
function throughDate(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

describe('a timestamp from the server', () => {
  it('is written as toISOString writes it, for every fraction, day and offset PostgREST sends', () => {
    const values: string[] = [];
    for (const day of ['2026-01-01', '2026-02-28', '2024-02-29', '2000-02-29', '1999-12-31', '0999-06-30', '2026-11-30']) {
      for (const time of ['00:00:00', '23:59:59', '12:34:56']) {
        for (const fraction of ['', '.1', '.12', '.123', '.1234', '.12345', '.123456', '.999999', '.000001']) {
          for (const zone of ['+00:00', 'Z']) values.push(`${day}T${time}${fraction}${zone}`);
        }
      }
    }
    for (const value of values) expect(normalizeTimestamp(value), value).toBe(throughDate(value));
  });

  it('goes through Date where Date reads it otherwise: a day past its month, another offset, a space, hour 24', () => {
    const odd = [
      '2026-02-29T00:00:00+00:00',
      '2026-02-30T10:00:00.5+00:00',
      '2026-04-31T10:00:00Z',
      '2100-02-29T00:00:00Z',
      '2026-01-01T10:00:00.123456+02:00',
      '2026-01-01 10:00:00+00',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:00:00.1234567+00:00',
    ];
    for (const value of odd) expect(normalizeTimestamp(value), value).toBe(throughDate(value));
    // Rolled into the next month, as Date does, not written as sent.
    expect(normalizeTimestamp('2026-02-30T10:00:00+00:00')).toBe('2026-03-02T10:00:00.000Z');
  });

  it('is left as it is when it is not a time at all', () => {
    for (const value of ['', 'soon', '2026-13-01T00:00:00Z', '2026-01-01T00:00:60Z']) expect(normalizeTimestamp(value)).toBe(value);
    expect(normalizeTimestamp(null)).toBe(null);
    expect(normalizeTimestamp(12)).toBe(12);
  });
});

describe('a row from the server', () => {
  const spec = TABLE_SPECS.posts;
  const schema = COLLECTION_DEFINITIONS.posts.schema;

  it('becomes the stored document: known columns in the row order, null left out where the field takes none', () => {
    const doc = rowToDoc(spec, schema, {
      id: 'p1',
      discussion_id: 'd1',
      user_id: 'u1',
      content: 'hi',
      created_at: '2026-01-02T03:04:05.123456+00:00',
      updated_at: null,
      is_solution: null,
      parent_post_id: null,
      not_a_column: 'dropped',
      _modified: '2026-01-02T03:04:05.123456+00:00',
      _deleted: false,
    });
    expect(doc).toStrictEqual({
      id: 'p1',
      discussion_id: 'd1',
      user_id: 'u1',
      content: 'hi',
      created_at: '2026-01-02T03:04:05.123Z',
      updated_at: null,
      parent_post_id: null,
      is_solution: false,
      server_modified: '2026-01-02T03:04:05.123456+00:00',
      _deleted: false,
    });
  });

  it('is mapped the same way again after another schema of the same table was used', () => {
    const other = { ...schema, properties: { ...schema.properties } };
    delete (other.properties as Record<string, unknown>).content;
    const row = { id: 'p2', discussion_id: 'd1', user_id: 'u1', content: 'kept?', created_at: '2026-01-02T03:04:05Z', _deleted: true };
    expect(rowToDoc(spec, other, row)).not.toHaveProperty('content');
    expect(rowToDoc(spec, schema, row)).toMatchObject({ content: 'kept?', _deleted: true });
  });
});
