import type { TipJar } from '@/lib/profile-rules';

/** The signed-in member's editable profile as the route hands it over (from the auth context). */
export type SettingsMember = {
  id: string;
  username: string;
  display_name: string;
  bio: string;
  location: string;
  signature: string;
  genres: string[];
  social_links: Record<string, string>;
  avatar_url: string | null;
  banner_url: string | null;
  monetization: TipJar;
};

export type ProfileChanges = Partial<{
  username: string;
  display_name: string;
  bio: string;
  location: string;
  signature: string | null;
  genres: string[];
  social_links: Record<string, string>;
  avatar_url: string | null;
  banner_url: string | null;
  monetization: TipJar;
}>;

/** Saves the member's own profile (locally first; replication pushes it). */
export type SaveProfile = (changes: ProfileChanges) => Promise<unknown>;
