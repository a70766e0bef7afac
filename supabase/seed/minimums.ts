import { USERNAME_PATTERN } from '../../src/lib/profile-rules';

/**
 * What the demo community must contain (issue 4, item 6). The generator refuses
 * to write a seed below these, and tests/db/seed.test.ts checks the database.
 */
export const SEED_MINIMUMS = {
  members: 40,
  discussions: 30,
  categories: 14,
  pinnedDiscussions: 2,
  lockedDiscussions: 1,
  posts: 400,
  quotes: 20,
  mentions: 10,
  likes: 300,
  solutions: 5,
  follows: 100,
  publishedBlogPosts: 12,
  draftBlogPosts: 1,
  /** of each type: track, mix, sample_pack */
  uploadsPerType: 3,
  privateUploads: 1,
} as const;

export const SEED_CONTENT_TYPES = ['track', 'mix', 'sample_pack'] as const;

/** The username rule the sign-up form enforces, as the account stores it: lowercased. */
export const isStoredUsername = (username: string): boolean => USERNAME_PATTERN.test(username) && username === username.toLowerCase();
