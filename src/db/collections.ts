import type { MigrationStrategies, RxCollection, RxJsonSchema } from 'rxdb';
import { blogPostsMigrationStrategies, blogPostsSchema, type BlogPostDoc } from './schemas/blog-posts';
import { contactMessagesMigrationStrategies, contactMessagesSchema, type ContactMessageDoc } from './schemas/contact-messages';
import { discussionsMigrationStrategies, discussionsSchema, type DiscussionDoc } from './schemas/discussions';
import { draftsMigrationStrategies, draftsSchema, type DraftDoc } from './schemas/drafts';
import { followersMigrationStrategies, followersSchema, type FollowerDoc } from './schemas/followers';
import { notificationsMigrationStrategies, notificationsSchema, type NotificationDoc } from './schemas/notifications';
import { outboxMigrationStrategies, outboxSchema, type OutboxDoc } from './schemas/outbox';
import { pinnedMigrationStrategies, pinnedSchema, type PinnedDoc } from './schemas/pinned';
import { postsMigrationStrategies, postsSchema, type PostDoc } from './schemas/posts';
import { profilesMigrationStrategies, profilesSchema, type ProfileDoc } from './schemas/profiles';
import { reactionsMigrationStrategies, reactionsSchema, type ReactionDoc } from './schemas/reactions';
import { userActivitiesMigrationStrategies, userActivitiesSchema, type UserActivityDoc } from './schemas/user-activities';
import { userContentMigrationStrategies, userContentSchema, type UserContentDoc } from './schemas/user-content';

/**
 * Document type of each collection; collection name = table name for replicated ones.
 * RxDB's open-source build allows 13 open collections per JavaScript context
 * (a 14th waits ~2 s, more throw COL23): this list is at that limit.
 */
export interface AppDocTypes {
  profiles: ProfileDoc;
  followers: FollowerDoc;
  notifications: NotificationDoc;
  user_activities: UserActivityDoc;
  discussions: DiscussionDoc;
  posts: PostDoc;
  reactions: ReactionDoc;
  user_content: UserContentDoc;
  blog_posts: BlogPostDoc;
  contact_messages: ContactMessageDoc;
  drafts: DraftDoc;
  pinned: PinnedDoc;
  outbox: OutboxDoc;
}

export type CollectionName = keyof AppDocTypes;
export type AppCollections = { [K in CollectionName]: RxCollection<AppDocTypes[K]> };

export const REPLICATED_COLLECTIONS = [
  'profiles',
  'followers',
  'notifications',
  'user_activities',
  'discussions',
  'posts',
  'reactions',
  'user_content',
  'blog_posts',
  'contact_messages',
] as const satisfies readonly CollectionName[];
export type ReplicatedCollectionName = (typeof REPLICATED_COLLECTIONS)[number];

export const LOCAL_ONLY_COLLECTIONS = ['drafts', 'pinned', 'outbox'] as const satisfies readonly CollectionName[];

export interface CollectionDefinition<T> {
  schema: RxJsonSchema<T>;
  migrationStrategies: MigrationStrategies;
}

export const COLLECTION_DEFINITIONS: { [K in CollectionName]: CollectionDefinition<AppDocTypes[K]> } = {
  profiles: { schema: profilesSchema, migrationStrategies: profilesMigrationStrategies },
  followers: { schema: followersSchema, migrationStrategies: followersMigrationStrategies },
  notifications: { schema: notificationsSchema, migrationStrategies: notificationsMigrationStrategies },
  user_activities: { schema: userActivitiesSchema, migrationStrategies: userActivitiesMigrationStrategies },
  discussions: { schema: discussionsSchema, migrationStrategies: discussionsMigrationStrategies },
  posts: { schema: postsSchema, migrationStrategies: postsMigrationStrategies },
  reactions: { schema: reactionsSchema, migrationStrategies: reactionsMigrationStrategies },
  user_content: { schema: userContentSchema, migrationStrategies: userContentMigrationStrategies },
  blog_posts: { schema: blogPostsSchema, migrationStrategies: blogPostsMigrationStrategies },
  contact_messages: { schema: contactMessagesSchema, migrationStrategies: contactMessagesMigrationStrategies },
  drafts: { schema: draftsSchema, migrationStrategies: draftsMigrationStrategies },
  pinned: { schema: pinnedSchema, migrationStrategies: pinnedMigrationStrategies },
  outbox: { schema: outboxSchema, migrationStrategies: outboxMigrationStrategies },
};
