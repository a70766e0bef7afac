import { defineTable, type DocOf } from './declare-table';
import { ID_FIELD, TIMESTAMP_FIELD } from './fields';

export const reactionsTable = defineTable({
  table: 'reactions',
  version: 0,
  direction: 'both',
  perIdentity: true,
  membersOnly: true,
  // unliking removes the row
  deletable: true,
  columns: {
    id: { field: ID_FIELD, required: true, insert: true },
    post_id: { field: ID_FIELD, required: true, insert: true },
    user_id: { field: ID_FIELD, required: true, insert: true },
    reaction_type: { field: { type: 'string', maxLength: 20 }, required: true, insert: true },
    created_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
  },
  indexes: [
    ['post_id', 'user_id'],
    ['user_id', 'created_at'],
  ],
  // Counts travel in posts.reactions_summary; the device only needs the member's own likes.
  filter: (scope) => `user_id.eq.${scope.userId}`,
  accepts: (row, scope) => row.user_id === scope.userId,
});

export type ReactionDoc = DocOf<typeof reactionsTable>;
export const reactionsSchema = reactionsTable.schema;
