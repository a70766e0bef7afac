/** Texts, sizes and rules of the profile screens. Tests import them. */

export const PROFILE_CONTENT_PAGE_SIZE = 9;
export const PROFILE_DISCUSSIONS_PAGE_SIZE = 5;
export const ACTIVITY_LIMIT = 20;
export const FOLLOW_LIST_HEIGHT_PX = 300;

/** uuid v5 namespace of follower row ids (supabase/DATA_MODEL.md). */
export const FOLLOW_ID_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

export const FOLLOW_LABELS = {
  checking: 'Checking...',
  following: 'Following...',
  unfollowing: 'Unfollowing...',
  follow: 'Follow',
  unfollow: 'Unfollow',
} as const;

export const PROFILE_MESSAGES = {
  notFound: 'Profile Not Found',
  notFoundDescription: "We couldn't find a member with that username.",
  backToDirectory: 'Back to Directory',
  notOnDevice: 'This profile is not on this device yet',
  notOnDeviceDescription: "You're offline and this profile hasn't been saved on this device. Connect to the internet to load it.",
  loadFailed: (message: string) => `Failed to load profile: ${message}`,
  contentLoadFailed: "Could not load user's content.",
  discussionsLoadFailed: "Could not load user's discussions.",
  activitiesLoadFailed: 'Failed to load user activities.',
  recentActivity: 'Recent Activity',
  noActivity: 'No recent activity to display.',
  noDiscussionsOwner: "You haven't started or participated in any discussions yet.",
  noDiscussionsOther: (name: string) => `${name} hasn't participated in discussions.`,
  discussionsHeading: (count: number) => `Discussions (${count})`,
  discussionsTitle: 'Discussions',
  loadingContent: 'Loading content',
  loadingActivity: 'Loading activity',
  loadingDiscussions: 'Loading discussions',
  loadingMembers: 'Loading members',
  noContentOwner: "You haven't uploaded any content yet.",
  noContentOther: (name: string) => `${name} hasn't shared any public content yet.`,
  editProfile: 'Edit Profile',
  supportSettings: 'Support Settings',
  tipCreator: 'Tip Creator',
  errorTitle: 'Error',
  checkFailed: 'Could not check follow status.',
  actionFailedTitle: 'Action Failed',
  actionFailed: 'Could not perform follow/unfollow action.',
  loginRequiredTitle: 'Login Required',
  loginRequired: 'Please log in to follow users.',
  followedTitle: 'Followed!',
  followed: 'You are now following this user.',
  followQueued: 'Your follow will be sent when you are back online.',
  unfollowQueued: 'Your unfollow will be sent when you are back online.',
  unfollowedTitle: 'Unfollowed',
  unfollowed: 'You have unfollowed this user.',
  cannotFollowSelf: 'You cannot follow yourself.',
  followersTitle: 'Followers',
  followingTitle: 'Following',
  noFollowers: 'No followers yet.',
  noFollowing: 'Not following anyone yet.',
  defaultRole: 'Community Member',
  defaultBio: 'Passionate about music.',
} as const;

export const PROFILE_TABS = ['content', 'activity', 'discussions', 'about'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const ACTIVITY_TEXTS: Record<string, string> = {
  new_discussion: 'started a discussion',
  new_post: 'replied in',
  followed_user: 'started following',
  was_followed_by: 'was followed by',
  new_content_upload: 'shared new content',
  updated_profile: 'updated their profile',
  received_tip: 'received a tip',
  provided_solution: 'provided a solution in',
};

/** How a profile's banner is shown: as wide as the page (up to 1024 px), 360 px when nothing else is known. */
export const PROFILE_BANNER_SIZING = { width: 360, sizes: '(min-width: 1024px) 1024px, 100vw' } as const;
