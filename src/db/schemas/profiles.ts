import { defineTable, storedAs, type DocOf } from './declare-table';
import { BOOLEAN_FIELD, COUNTER_FIELD, ID_FIELD, JSON_OBJECT, NULLABLE_STRING, STRING_ARRAY, TIMESTAMP_FIELD } from './fields';

export const profilesTable = defineTable({
  table: 'profiles',
  version: 0,
  direction: 'both',
  perIdentity: false,
  membersOnly: false,
  serverOnly: ['search_vector'],
  columns: {
    id: { field: ID_FIELD, required: true, insert: true },
    username: { field: { type: 'string', maxLength: 40 }, required: true, insert: true, update: true, fallback: '' },
    display_name: { field: { type: 'string', maxLength: 120 }, required: true, insert: true, update: true },
    avatar_url: { field: NULLABLE_STRING, insert: true, update: true },
    banner_url: { field: NULLABLE_STRING, insert: true, update: true },
    bio: { field: NULLABLE_STRING, insert: true, update: true },
    location: { field: NULLABLE_STRING, insert: true, update: true },
    role: { field: { type: 'string', maxLength: 20 }, required: true, fallback: 'fan' },
    genres: { field: STRING_ARRAY, insert: true, update: true },
    social_links: { field: JSON_OBJECT, insert: true, update: true, type: storedAs<Record<string, unknown> | null>() },
    subscription_tier: { field: NULLABLE_STRING },
    monetization: { field: JSON_OBJECT, insert: true, update: true, type: storedAs<Record<string, unknown> | null>() },
    signature: { field: NULLABLE_STRING, insert: true, update: true },
    karma: { field: COUNTER_FIELD, required: true, fallback: 0 },
    is_featured: { field: BOOLEAN_FIELD },
    followers_count: { field: COUNTER_FIELD },
    following_count: { field: COUNTER_FIELD },
    created_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
    updated_at: { field: { type: ['string', 'null'] }, timestamp: true },
  },
  // directory: filter by role, sort by karma / join date / name; profile pages by username
  indexes: ['username', ['role', 'karma'], 'karma', 'created_at', 'display_name'],
  // A profile without a display name shows its username.
  normalize: (doc) => {
    if (doc.display_name === null || doc.display_name === undefined) doc.display_name = doc.username;
  },
  // The member's own profile: settings edit it offline, the header and guards read it.
  alwaysKept: (scope) => (scope.userId ? [scope.userId] : []),
});

export type ProfileDoc = DocOf<typeof profilesTable>;
export const profilesSchema = profilesTable.schema;
