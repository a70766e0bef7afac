import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { ID_FIELD, SERVER_MODIFIED_FIELD, TIMESTAMP_FIELD } from './fields';

export interface ReactionDoc {
  id: string;
  post_id: string;
  user_id: string;
  reaction_type: string;
  created_at: string;
  server_modified?: string | null;
}

export const reactionsSchema: RxJsonSchema<ReactionDoc> = {
  title: 'reactions',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID_FIELD,
    post_id: ID_FIELD,
    user_id: ID_FIELD,
    reaction_type: { type: 'string', maxLength: 20 },
    created_at: TIMESTAMP_FIELD,
    server_modified: SERVER_MODIFIED_FIELD,
  },
  required: ['id', 'post_id', 'user_id', 'reaction_type', 'created_at'],
  indexes: [
    ['post_id', 'user_id'],
    ['user_id', 'created_at'],
  ],
};

export const reactionsMigrationStrategies: MigrationStrategies = {};
