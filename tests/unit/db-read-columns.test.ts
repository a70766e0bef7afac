import { describe, expect, it } from 'vitest';
import { COLLECTION_DEFINITIONS, REPLICATED_COLLECTIONS } from '@/db/collections';
import { TABLE_SPECS } from '@/db/replication/tables';

/** Fields that exist only on the device. */
const LOCAL_FIELDS = new Set(['server_modified']);

describe('columns the device reads', () => {
  it('cover every replicated field of the local schema, so narrowing the select never drops data', () => {
    for (const name of REPLICATED_COLLECTIONS) {
      const spec = TABLE_SPECS[name];
      if (!spec.readColumns) continue;
      const read = new Set(spec.readColumns.split(','));
      const fields = Object.keys(COLLECTION_DEFINITIONS[name].schema.properties).filter((f) => !LOCAL_FIELDS.has(f));
      for (const field of fields) expect(read.has(field), `${name}.${field} must be read`).toBe(true);
      expect(read.has('_modified') && read.has('_deleted')).toBe(true);
    }
  });

  it('leave out the server-only search vectors', () => {
    for (const name of ['profiles', 'discussions', 'blog_posts'] as const) {
      expect(TABLE_SPECS[name].readColumns?.split(',')).not.toContain('search_vector');
    }
  });
});
