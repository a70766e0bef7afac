import { RECENT_WINDOW_DAYS, sinceIso } from '../replication/table-spec';
import { defineTable, type DocOf } from './declare-table';
import { ID_FIELD, NULLABLE_ID, NULLABLE_STRING, TIMESTAMP_FIELD } from './fields';

export const userActivitiesTable = defineTable({
  table: 'user_activities',
  version: 0,
  direction: 'pull',
  perIdentity: false,
  membersOnly: false,
  columns: {
    id: { field: ID_FIELD, required: true },
    user_id: { field: ID_FIELD, required: true },
    activity_type: { field: { type: 'string', maxLength: 60 }, required: true },
    related_entity_id: { field: NULLABLE_ID },
    related_entity_type: { field: NULLABLE_STRING },
    related_entity_title: { field: NULLABLE_STRING },
    actor_username: { field: NULLABLE_STRING },
    actor_avatar_url: { field: NULLABLE_STRING },
    created_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
  },
  indexes: ['created_at', ['user_id', 'created_at']],
  // Shown only on a profile's Activity tab, which asks for a pull as it shows.
  pulledWhenShown: true,
  // The feeds reach back twice the recent window.
  filter: (scope) => `created_at.gte."${sinceIso(scope, RECENT_WINDOW_DAYS * 2)}"`,
});

export type UserActivityDoc = DocOf<typeof userActivitiesTable>;
export const userActivitiesSchema = userActivitiesTable.schema;
