import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { ID_FIELD, SERVER_MODIFIED_FIELD, TIMESTAMP_FIELD } from './fields';

export interface FollowerDoc {
  id: string;
  follower_id: string;
  following_id: string;
  created_at: string;
  server_modified?: string | null;
}

export const followersSchema: RxJsonSchema<FollowerDoc> = {
  title: 'followers',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID_FIELD,
    follower_id: ID_FIELD,
    following_id: ID_FIELD,
    created_at: TIMESTAMP_FIELD,
    server_modified: SERVER_MODIFIED_FIELD,
  },
  required: ['id', 'follower_id', 'following_id', 'created_at'],
  indexes: [
    ['follower_id', 'created_at'],
    ['following_id', 'created_at'],
  ],
};

export const followersMigrationStrategies: MigrationStrategies = {};
