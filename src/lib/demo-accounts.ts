/**
 * The seeded demo members behind "Login as DJ" and "Login as Producer".
 * The seed creates them with these passwords,
 * `npm start` prints them, and the login screen signs in to them for real.
 */
export interface DemoAccount {
  kind: 'dj' | 'producer';
  label: string;
  email: string;
  password: string;
  username: string;
  tier: 'pro' | 'label';
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { kind: 'dj', label: 'Login as DJ', email: 'dj@demo.djcircle.local', password: 'spin-the-decks-2026', username: 'demo_dj', tier: 'pro' },
  {
    kind: 'producer',
    label: 'Login as Producer',
    email: 'producer@demo.djcircle.local',
    password: 'make-the-beats-2026',
    username: 'demo_producer',
    tier: 'label',
  },
];

/** Staff accounts the seed creates, printed by `npm start` (not offered on the login screen). */
export const SEED_STAFF_ACCOUNTS = [
  { role: 'admin', email: 'admin@demo.djcircle.local', password: 'run-the-circle-2026', username: 'circle_admin' },
  { role: 'moderator', email: 'mod@demo.djcircle.local', password: 'keep-it-clean-2026', username: 'floor_mod' },
] as const;

/** Every other seeded member signs in with this password. */
export const SEED_MEMBER_PASSWORD = 'community-member-2026';
