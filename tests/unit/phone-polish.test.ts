import { describe, expect, it } from 'vitest';
import { describeNotification } from '@/features/notifications/model/notifications';
import { plainTextPreview } from '@/features/notifications/model/plain-text';
import { SETTINGS_MESSAGES } from '@/features/settings/constants';
import { formFromMember, profileChanges, validateProfileForm } from '@/features/settings/model/profile-form';
import type { SettingsMember } from '@/features/settings/model/types';
import type { NotificationDoc } from '@/db/schemas/notifications';
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH } from '@/lib/profile-rules';

const member: SettingsMember = {
  id: 'u1', username: 'mia', display_name: 'Mia', bio: '', location: '', signature: '', genres: [],
  social_links: {}, avatar_url: 'https://img.example/a.png', banner_url: 'https://img.example/b.png',
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
