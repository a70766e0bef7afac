import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { COUNTER_FIELD, BOOLEAN_FIELD, ID_FIELD, JSON_OBJECT, NULLABLE_STRING, SERVER_MODIFIED_FIELD, STRING_ARRAY, TIMESTAMP_FIELD } from './fields';

export interface ProfileDoc {
  id: string;
  username: string;
  display_name: string;
  avatar_url?: string | null;
  banner_url?: string | null;
  bio?: string | null;
  location?: string | null;
  role: string;
  genres?: string[];
  social_links?: Record<string, unknown> | null;
  subscription_tier?: string | null;
  monetization?: Record<string, unknown> | null;
  signature?: string | null;
  karma: number;
  is_featured?: boolean;
  followers_count?: number;
  following_count?: number;
  created_at: string;
  updated_at?: string | null;
  server_modified?: string | null;
}

export const profilesSchema: RxJsonSchema<ProfileDoc> = {
  title: 'profiles',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID_FIELD,
    username: { type: 'string', maxLength: 40 },
    display_name: { type: 'string', maxLength: 120 },
    avatar_url: NULLABLE_STRING,
    banner_url: NULLABLE_STRING,
    bio: NULLABLE_STRING,
    location: NULLABLE_STRING,
    role: { type: 'string', maxLength: 20 },
    genres: STRING_ARRAY,
    social_links: JSON_OBJECT,
    subscription_tier: NULLABLE_STRING,
    monetization: JSON_OBJECT,
    signature: NULLABLE_STRING,
    karma: COUNTER_FIELD,
    is_featured: BOOLEAN_FIELD,
    followers_count: COUNTER_FIELD,
    following_count: COUNTER_FIELD,
    created_at: TIMESTAMP_FIELD,
    updated_at: { type: ['string', 'null'] },
    server_modified: SERVER_MODIFIED_FIELD,
  },
  required: ['id', 'username', 'display_name', 'role', 'karma', 'created_at'],
  // directory: filter by role, sort by karma / join date / name; profile pages by username
  indexes: ['username', ['role', 'karma'], 'karma', 'created_at', 'display_name'],
};

export const profilesMigrationStrategies: MigrationStrategies = {};
