/** The admin zone. */

export const ADMIN_TABS = [
  { id: 'overview', label: 'Overview & Stats' },
  { id: 'users', label: 'User Management' },
  { id: 'ai-content', label: 'AI Content Gen' },
] as const;

export const ROLES = ['admin', 'moderator', 'editor', 'dj', 'producer', 'fan', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const DRAFT_TITLE_MAX = 70;
export const DEFAULT_DRAFT_TITLE = 'AI Generated Blog Post';
export const SLUG_MAX = 75;
export const SLUG_SUFFIX_DIGITS = 5;

export const STAT_LABELS = {
  profiles: 'Total Users',
  discussions: 'Discussions',
  posts: 'Total Posts',
  user_content: 'User Content',
} as const;

export const ADMIN_TEXTS = {
  title: 'Admin Zone',
  subtitle: 'Keep the circle running.',
  loading: 'Loading admin zone...',
  accessDeniedTitle: 'Access Denied',
  accessDeniedBody: 'You need administrator rights to view this page.',
  backHome: 'Back to Home',
  snapshot: 'Platform Snapshot',
  roster: 'User Roster',
  noUsers: 'No users found. The community awaits its members!',
  columns: ['User Profile', 'Role', 'Email', 'Karma', 'Joined', 'Actions'],
  editRole: 'Edit Role',
  viewProfile: 'View Profile',
  suspend: 'Suspend',
  editRoleTitle: 'Edit Role',
  currentRole: 'Current role',
  newRole: 'New role',
  selectRole: 'Select a role',
  cancel: 'Cancel',
  confirmRole: 'Confirm & Update Role',
  aiTitle: 'AI Blog Draft Generator',
  aiPromptLabel: 'Prompt',
  aiPromptPlaceholder: 'e.g. Write a blog post about warming up a dance floor in a small club',
  generate: 'Generate',
  generating: 'Generating...',
  draftTitleLabel: 'Title',
  draftBodyLabel: 'Body (markdown)',
  createDraft: 'Create Draft Blog Post',
  creatingDraft: 'Creating...',
} as const;

export const ADMIN_TOASTS = {
  fetchUsersError: 'Error Fetching Users',
  updateRoleError: 'Error Updating Role',
  updateRoleErrorPrefix: 'Failed to update role',
  noChange: 'No Change',
  noChangeDescription: 'The user already has this role.',
  roleUpdated: 'Role Updated!',
  statsError: 'Error fetching stats',
  suspendTitle: 'Not implemented yet',
  suspendDescription: 'Suspending members is not available yet.',
  promptEmptyTitle: 'Prompt is empty',
  promptEmptyDescription: 'Please enter a prompt for the AI.',
  aiFailed: 'AI Generation Failed',
  aiFailedFallback: 'Could not generate content',
  noContent: 'No content received from AI.',
  missingContent: 'Missing content or user',
  draftFailed: 'Blog Post Creation Failed',
  draftCreated: 'Draft Created!',
} as const;

export function roleUpdatedText(username: string, role: string): string {
  return `@${username} is now ${role}.`;
}

export function draftCreatedText(title: string): string {
  return `"${title}" was saved as a draft.`;
}
