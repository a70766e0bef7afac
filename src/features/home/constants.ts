import { APP_NAME } from '@/lib/shell-constants';

/** Home page texts and limits. Tests import them. */
export const FEATURED_ARTISTS_LIMIT = 3;
/** A returning member's first screen: this many latest discussions and unread notifications. */
export const RECENT_DISCUSSIONS_LIMIT = 5;
export const HOME_UNREAD_SHOWN = 3;

export const HOME_MESSAGES = {
  title: 'The Future of DJ Culture',
  tagline: 'Connect, create, share and grow with DJs, producers, vocalists, labels and music fans from around the world.',
  searchLabel: 'Search the community',
  searchPlaceholder: 'Search members, discussions and articles...',
  searchButton: 'Search',
  emptySearchTitle: `Search ${APP_NAME}`,
  emptySearch: 'Please enter a search term to begin.',
  exploreDirectory: 'Explore Directory',
  joinTheMovement: 'Join the Movement',
  learnMore: 'Learn More',
  featuresHeading: 'Everything your sound needs',
  audienceHeading: 'Built for the whole scene',
  featuredHeading: 'Featured Artists',
  statsHeading: 'The community in numbers',
  closingHeading: 'Ready to join the circle?',
  closingText: 'Discover music, find collaborators, join discussions, tip creators and earn Karma points.',
  exploreNow: 'Explore Now',
  getStartedFree: 'Get Started Free',
  comingSoon: 'Coming Soon / Under Review',
  welcomeBack: (name: string) => `Welcome back, ${name}`,
  recentHeading: 'Latest discussions',
  allDiscussions: 'All discussions',
  loadingDiscussions: 'Loading discussions',
  noDiscussions: 'No discussions yet.',
  startOne: 'Start one',
  replies: (count: number) => (count === 1 ? '1 reply' : `${count} replies`),
  notificationsHeading: 'Notifications',
  unread: (count: number) => `${count} unread`,
  allNotifications: 'View all',
  allCaughtUp: "You're all caught up.",
  loadingNotifications: 'Loading notifications...',
} as const;

export const FEATURE_CARDS = [
  { key: 'network', title: 'Global Network', description: 'Find DJs, producers and fans from every corner of the scene.', to: '/directory' },
  { key: 'showcase', title: 'Showcase Your Talent', description: 'Upload your tracks, mixes and sample packs.', to: '/add-content', disabled: true },
  { key: 'discussions', title: 'Vibrant Discussions', description: 'Talk gear, technique, releases and gigs.', to: '/discussions' },
  { key: 'monetize', title: 'Monetize & Support', description: 'Set up a tip jar and let fans support you.', to: '/settings/monetization' },
  { key: 'assistant', title: 'AI Assistant', description: 'Chat with DJ.Bot about mixing, production and the industry.', to: '/dj-bot' },
  { key: 'karma', title: 'Karma & Recognition', description: 'Earn Karma points for helping the community.', to: '/about#karma' },
] as const;

export const AUDIENCES = [
  { key: 'djs', title: 'DJs', description: 'Share mixes, find gigs and swap techniques.' },
  { key: 'producers', title: 'Producers', description: 'Get feedback, find vocalists and release music.' },
  { key: 'labels', title: 'Labels & Promoters', description: 'Discover talent and build your roster.' },
  { key: 'fans', title: 'Music Fans', description: 'Dig for new sounds and support the artists you love.' },
] as const;

export const STAT_LABELS = { members: 'Members', content: 'Tracks & Mixes', discussions: 'Discussions' } as const;
