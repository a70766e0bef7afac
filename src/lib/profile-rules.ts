/**
 * Profile rules shared by sign-up, profile settings, the profile page and the
 * tip page. Pure functions; tests import them.
 */

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_PATTERN = /^[a-zA-Z0-9_]{3,20}$/;
export const USERNAME_RULE_MESSAGE = 'Username must be 3-20 characters and contain only letters, numbers, or underscores.';
export const SIGNATURE_MAX_LENGTH = 255;
/** Caps the database holds too (profiles check constraints): a name fits a card at 360 px, a bio the header card. */
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 1000;
export const LOCATION_MAX_LENGTH = 100;
export const PROFILE_URL_MAX_LENGTH = 2048;
/** Avatar and banner addresses: http(s), no spaces (the database's check uses the same pattern). */
export const PROFILE_URL_PATTERN = /^https?:\/\/\S+$/i;
export const PASSWORD_MIN_LENGTH = 6;

export type TipJarType = 'crypto' | 'paypal';

export type TipJar = {
  tipJarEnabled: boolean;
  tipJarType: TipJarType | null;
  cryptoAddress: string | null;
  paypalEmail: string | null;
};

export const DEFAULT_TIP_JAR: TipJar = { tipJarEnabled: false, tipJarType: 'crypto', cryptoAddress: null, paypalEmail: null };

/** Reads the stored monetization JSON defensively: unknown shapes fall back to a disabled tip jar. */
export function readTipJar(raw: unknown): TipJar {
  if (!raw || typeof raw !== 'object') return { ...DEFAULT_TIP_JAR };
  const value = raw as Record<string, unknown>;
  const type = value.tipJarType === 'paypal' || value.tipJarType === 'crypto' ? value.tipJarType : null;
  return {
    tipJarEnabled: value.tipJarEnabled === true,
    tipJarType: type,
    cryptoAddress: typeof value.cryptoAddress === 'string' ? value.cryptoAddress : null,
    paypalEmail: typeof value.paypalEmail === 'string' ? value.paypalEmail : null,
  };
}

/** The Tip Creator button shows only for an enabled jar with the details its type needs. */
export function canReceiveTips(jar: TipJar): boolean {
  if (!jar.tipJarEnabled) return false;
  if (jar.tipJarType === 'crypto') return Boolean(jar.cryptoAddress);
  if (jar.tipJarType === 'paypal') return Boolean(jar.paypalEmail);
  return false;
}

/** Social links and PayPal.Me links lacking an http prefix get https:// added. */
export function withHttps(url: string): string {
  const trimmed = url.trim();
  if (!trimmed) return trimmed;
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export const TIER_LABELS = {
  free: 'Community Member',
  pro: 'Pro DJ/Creator',
  label: 'Label/Promoter Suite',
} as const;

/** Unknown tiers show as free. */
export function tierLabel(tier: string | null | undefined): string {
  return tier && tier in TIER_LABELS ? TIER_LABELS[tier as keyof typeof TIER_LABELS] : TIER_LABELS.free;
}

const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  moderator: 'Moderator',
  editor: 'Editor',
  dj: 'DJ',
  producer: 'Producer',
  fan: 'Fan',
  user: 'User',
  member: 'Member',
  vocalist: 'Vocalist',
  label: 'Label',
  promoter: 'Promoter',
  venue_owner: 'Venue Owner',
  sound_engineer: 'Sound Engineer',
  visual_artist: 'Visual Artist',
  dancer: 'Dancer',
  music_journalist: 'Music Journalist',
  educator: 'Educator',
};

/** Role as shown on cards: known roles by name, others in their own words, 'Member' when unset. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return 'Member';
  return ROLE_LABELS[role] ?? role.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

const SOCIAL_NETWORK_LABELS: Record<string, string> = {
  soundcloud: 'SoundCloud',
  mixcloud: 'Mixcloud',
  youtube: 'YouTube',
  spotify: 'Spotify',
  instagram: 'Instagram',
  twitter: 'Twitter',
  facebook: 'Facebook',
  website: 'Website',
  bandcamp: 'Bandcamp',
  beatport: 'Beatport',
};

/** A social network as its makers write it (SoundCloud, YouTube), the same in the header, About and settings. */
export function socialNetworkLabel(network: string): string {
  return SOCIAL_NETWORK_LABELS[network] ?? network.charAt(0).toUpperCase() + network.slice(1);
}

/** A generated avatar by username, the avatar fallback. */
export function generatedAvatarUrl(username: string): string {
  return `https://api.dicebear.com/9.x/thumbs/svg?seed=${encodeURIComponent(username || 'guest')}`;
}
