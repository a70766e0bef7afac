import * as z from 'zod/mini';
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  PROFILE_URL_MAX_LENGTH,
  PROFILE_URL_PATTERN,
  SIGNATURE_MAX_LENGTH,
  USERNAME_PATTERN,
  USERNAME_RULE_MESSAGE,
  type TipJar,
} from '@/lib/profile-rules';
import { SETTINGS_MESSAGES, SOCIAL_NETWORKS, type SocialNetwork } from '../constants';
import type { ProfileChanges, SettingsMember } from './types';

export type ProfileForm = {
  username: string;
  display_name: string;
  bio: string;
  signature: string;
  location: string;
  genres: string;
  social: Record<SocialNetwork, string>;
  avatar_url: string;
  banner_url: string;
};

const profileFormSchema = z.object({
  username: z.string(),
  display_name: z.string(),
  bio: z.string(),
  signature: z.string(),
  location: z.string(),
  genres: z.string(),
  social: z.object(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, z.string()])) as Record<SocialNetwork, z.ZodMiniString>),
  avatar_url: z.string(),
  banner_url: z.string(),
});

/** A kept draft of the form, when it has the form's shape (a draft from another build may not). */
export function parseProfileForm(stored: unknown): ProfileForm | null {
  const result = profileFormSchema.safeParse(stored);
  return result.success ? result.data : null;
}

export function formFromMember(member: SettingsMember): ProfileForm {
  const social = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, member.social_links[n] ?? ''])) as Record<SocialNetwork, string>;
  return {
    username: member.username,
    display_name: member.display_name,
    bio: member.bio,
    signature: member.signature,
    location: member.location,
    genres: member.genres.join(', '),
    social,
    avatar_url: member.avatar_url ?? '',
    banner_url: member.banner_url ?? '',
  };
}

export function validateProfileForm(form: ProfileForm): string | null {
  const username = form.username.trim();
  if (!username) return SETTINGS_MESSAGES.usernameEmpty;
  if (!USERNAME_PATTERN.test(username)) return USERNAME_RULE_MESSAGE;
  if (form.display_name.trim().length > DISPLAY_NAME_MAX_LENGTH) return SETTINGS_MESSAGES.displayNameTooLong;
  if (form.bio.trim().length > BIO_MAX_LENGTH) return SETTINGS_MESSAGES.bioTooLong;
  if (form.signature.trim().length > SIGNATURE_MAX_LENGTH) return SETTINGS_MESSAGES.signatureTooLong;
  if (form.location.trim().length > LOCATION_MAX_LENGTH) return SETTINGS_MESSAGES.locationTooLong;
  if (!validPictureUrl(form.avatar_url)) return SETTINGS_MESSAGES.avatarUrlInvalid;
  if (!validPictureUrl(form.banner_url)) return SETTINGS_MESSAGES.bannerUrlInvalid;
  return null;
}

/** Empty (no picture) or an http(s) address within the cap. */
function validPictureUrl(value: string): boolean {
  const url = value.trim();
  return !url || (url.length <= PROFILE_URL_MAX_LENGTH && PROFILE_URL_PATTERN.test(url));
}

/** Genres trimmed and empty entries dropped. */
export function parseGenres(text: string): string[] {
  return text
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields that changed, shaped for the profile update: empty social links
 * omitted (networks the form does not show are kept), signature null when
 * empty. An empty avatar or banner URL is not sent unless the member had one:
 * emptying the field then clears the picture (null).
 */
export function profileChanges(member: SettingsMember, form: ProfileForm): ProfileChanges {
  const changes: ProfileChanges = {};
  const username = form.username.trim().toLowerCase();
  if (username !== member.username) changes.username = username;
  const displayName = form.display_name.trim() || username;
  if (displayName !== member.display_name) changes.display_name = displayName;
  if (form.bio.trim() !== member.bio) changes.bio = form.bio.trim();
  if (form.location.trim() !== member.location) changes.location = form.location.trim();
  const signature = form.signature.trim() || null;
  if (signature !== (member.signature || null)) changes.signature = signature;
  const genres = parseGenres(form.genres);
  if (!sameJson(genres, member.genres)) changes.genres = genres;
  const social: Record<string, string> = {};
  for (const [network, url] of Object.entries(member.social_links)) if (!(SOCIAL_NETWORKS as readonly string[]).includes(network) && url) social[network] = url;
  for (const network of SOCIAL_NETWORKS) {
    const value = form.social[network].trim();
    if (value) social[network] = value;
  }
  if (!sameJson(social, member.social_links)) changes.social_links = social;
  const avatar = form.avatar_url.trim();
  if (avatar ? avatar !== member.avatar_url : Boolean(member.avatar_url)) changes.avatar_url = avatar || null;
  const banner = form.banner_url.trim();
  if (banner ? banner !== member.banner_url : Boolean(member.banner_url)) changes.banner_url = banner || null;
  return changes;
}

export type TipJarForm = { enabled: boolean; type: 'crypto' | 'paypal'; value: string };

export function tipJarForm(jar: TipJar): TipJarForm {
  const type = jar.tipJarType === 'paypal' ? 'paypal' : 'crypto';
  return { enabled: jar.tipJarEnabled, type, value: (type === 'paypal' ? jar.paypalEmail : jar.cryptoAddress) ?? '' };
}

/** The missing-information message, or null when the form can be saved. */
export function validateTipJar(form: TipJarForm): string | null {
  if (!form.enabled) return null;
  if (form.value.trim()) return null;
  return form.type === 'crypto' ? SETTINGS_MESSAGES.cryptoMissing : SETTINGS_MESSAGES.paypalMissing;
}

/** Saving with the toggle off stores null type, address and e-mail. */
export function tipJarToSave(form: TipJarForm): TipJar {
  if (!form.enabled) return { tipJarEnabled: false, tipJarType: null, cryptoAddress: null, paypalEmail: null };
  const value = form.value.trim();
  return form.type === 'crypto'
    ? { tipJarEnabled: true, tipJarType: 'crypto', cryptoAddress: value, paypalEmail: null }
    : { tipJarEnabled: true, tipJarType: 'paypal', cryptoAddress: null, paypalEmail: value };
}
