/** Static pages (About, Privacy and Terms, Guidelines). Headings and anchors tests look for live here. */

export const MINIMUM_AGE = 13;
export const KARMA_ANCHOR = 'karma';
export const COPYRIGHT_ANCHOR = 'copyright';

export const ABOUT_PILLARS = ['Connect', 'Create', 'Discover', 'Learn & Grow'] as const;
export const ABOUT_VALUES = ['Community First', 'Creativity & Innovation', 'Respect & Integrity', 'Growth & Learning'] as const;

export const GUIDELINE_CARDS = [
  'Be Respectful & Inclusive',
  'Constructive Communication',
  'Respect Copyright & Intellectual Property',
  'Keep it Legal & Safe',
  'No Spam or Self-Promotion Abuse',
  'Report Violations',
] as const;

export const STATIC_TEXTS = {
  aboutTitle: 'About DJCircle',
  karmaHeading: 'How Karma Works',
  joinCta: 'Join the Circle',
  privacyTitle: 'Privacy Policy',
  termsTitle: 'Terms of Service',
  copyrightHeading: 'Copyright & Intellectual Property',
  guidelinesTitle: 'Community Guidelines',
  consequencesHeading: 'Consequences of Violations',
  consequences:
    'Violations of these guidelines may lead to content removal, warnings, temporary or permanent suspension, or other measures the team considers appropriate.',
  lastUpdated: 'Last Updated',
  backHome: 'Back to Home',
  brandTitle: 'Brand',
} as const;
