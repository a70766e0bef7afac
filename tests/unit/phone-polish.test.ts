import { describe, expect, it } from 'vitest';
import { withoutLeadingQuote } from '@/features/discussions/components/post-card';
import { THREAD_TEXT } from '@/features/discussions/constants';
import { postCountText, summaryText } from '@/features/search/constants';
import { describeNotification } from '@/features/notifications/model/notifications';
import { plainTextPreview } from '@/features/notifications/model/plain-text';
import { SETTINGS_MESSAGES } from '@/features/settings/constants';
import { formFromMember, profileChanges, validateProfileForm } from '@/features/settings/model/profile-form';
import type { SettingsMember } from '@/features/settings/model/types';
import type { NotificationDoc } from '@/db/schemas/notifications';
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH, roleLabel, socialNetworkLabel } from '@/lib/profile-rules';

const member: SettingsMember = {
  id: 'u1',
  username: 'mia',
  display_name: 'Mia',
  bio: '',
  location: '',
  signature: '',
  genres: [],
  social_links: {},
  avatar_url: 'https://img.example/a.png',
  banner_url: 'https://img.example/b.png',
  monetization: { tipJarEnabled: false, tipJarType: 'crypto', cryptoAddress: null, paypalEmail: null },
};

describe('notification previews read as plain text', () => {
  it('drops markdown syntax and puts the reply before the quote it answers', () => {
    expect(plainTextPreview('> **Floor Mod wrote:** > keep the `gain` low\n\nAgreed, *watch* the meters')).toBe('Agreed, watch the meters');
    expect(plainTextPreview('> **Floor Mod wrote:** > keep the `gain` low')).toBe('Floor Mod wrote: keep the gain low');
    expect(plainTextPreview('- one\n- [two](https://x.test) & three')).toBe('one two & three');
    expect(plainTextPreview('# Big news\n\n~~old~~ new')).toBe('Big news old new');
  });

  it('the bell text shows the plain preview', () => {
    const n = { type: 'new_reply', actor_username: 'floor_mod', content_preview: '**Loud** `gain`' } as NotificationDoc;
    expect(describeNotification(n)).toMatch(/"Loud gain"$/);
  });
});

describe('profile settings caps and picture addresses', () => {
  const form = formFromMember(member);
  it('refuses over-long name, bio and location with a message naming the cap', () => {
    expect(validateProfileForm({ ...form, display_name: 'x'.repeat(DISPLAY_NAME_MAX_LENGTH + 1) })).toBe(SETTINGS_MESSAGES.displayNameTooLong);
    expect(validateProfileForm({ ...form, bio: 'x'.repeat(BIO_MAX_LENGTH + 1) })).toBe(SETTINGS_MESSAGES.bioTooLong);
    expect(validateProfileForm({ ...form, location: 'x'.repeat(LOCATION_MAX_LENGTH + 1) })).toBe(SETTINGS_MESSAGES.locationTooLong);
    expect(validateProfileForm({ ...form, bio: 'x'.repeat(BIO_MAX_LENGTH) })).toBeNull();
  });

  it('refuses a picture address that is not a web address', () => {
    expect(validateProfileForm({ ...form, avatar_url: 'not a url' })).toBe(SETTINGS_MESSAGES.avatarUrlInvalid);
    expect(validateProfileForm({ ...form, banner_url: 'ftp://x' })).toBe(SETTINGS_MESSAGES.bannerUrlInvalid);
    expect(validateProfileForm({ ...form, avatar_url: '', banner_url: ' https://img.example/c.png ' })).toBeNull();
  });

  it('emptying a picture address clears it', () => {
    expect(profileChanges(member, { ...form, avatar_url: '  ', banner_url: '' })).toEqual({ avatar_url: null, banner_url: null });
    expect(profileChanges({ ...member, avatar_url: null }, { ...form, avatar_url: '' })).toEqual({});
  });
});

describe('wording', () => {
  it('search counts agree with their number', () => {
    expect(summaryText(1, 1)).toBe('Showing 1 of 1 result for');
    expect(summaryText(10, 12)).toBe('Showing 10 of 12 results for');
    expect(postCountText(1)).toBe('1 post');
    expect(postCountText(3)).toBe('3 posts');
  });

  it('roles and social networks read as the scene writes them', () => {
    expect(roleLabel('dj')).toBe('DJ');
    expect(socialNetworkLabel('soundcloud')).toBe('SoundCloud');
    expect(socialNetworkLabel('youtube')).toBe('YouTube');
    expect(socialNetworkLabel('mastodon')).toBe('Mastodon');
  });

  it('the delete-post dialog says it cannot be undone once', () => {
    const dialog = `${THREAD_TEXT.confirmDeletePost} ${THREAD_TEXT.confirmDeletePostDetail}`;
    expect(dialog.match(/cannot be undone/g)).toHaveLength(1);
  });

  it("a quote reply's body leaves out the quote the card already shows", () => {
    expect(withoutLeadingQuote('> **mia wrote:**\n> Warm up slowly.\n\nAgreed.')).toBe('Agreed.');
    expect(withoutLeadingQuote('No quote here.\n\n> later quote')).toBe('No quote here.\n\n> later quote');
  });
});
