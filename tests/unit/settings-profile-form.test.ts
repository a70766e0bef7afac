import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, USERNAME_RULE_MESSAGE } from '@/features/settings/constants';
import { formFromMember, profileChanges, tipJarToSave, validateProfileForm, validateTipJar } from '@/features/settings/model/profile-form';
import type { SettingsMember } from '@/features/settings/model/types';
import { canReceiveTips, tierLabel, withHttps } from '@/lib/profile-rules';

const member: SettingsMember = {
  id: 'u1',
  username: 'mia',
  display_name: 'Mia',
  bio: '',
  location: '',
  signature: '',
  genres: ['Techno'],
  social_links: { youtube: 'https://youtube.com/@mia' },
  avatar_url: 'https://a/x.png',
  banner_url: null,
  monetization: { tipJarEnabled: false, tipJarType: 'crypto', cryptoAddress: null, paypalEmail: null },
};

describe('profile settings', () => {
  it('requires a valid username', () => {
    expect(validateProfileForm({ ...formFromMember(member), username: '  ' })).toBe(SETTINGS_MESSAGES.usernameEmpty);
    expect(validateProfileForm({ ...formFromMember(member), username: 'no way' })).toBe(USERNAME_RULE_MESSAGE);
    expect(validateProfileForm(formFromMember(member))).toBeNull();
  });

  it('sends only changed fields, shaped for the profile update', () => {
    const form = formFromMember(member);
    expect(profileChanges(member, form)).toEqual({});
    const changes = profileChanges(member, {
      ...form,
      username: 'Mia_New',
      genres: ' House, , Techno ,',
      signature: '   ',
      social: { soundcloud: ' soundcloud.com/mia ', mixcloud: '', instagram: '', website: '' },
      avatar_url: '',
      banner_url: '',
    });
    // Emptying the avatar the member had clears it; the banner was already empty and is not sent.
    expect(changes).toEqual({
      username: 'mia_new',
      genres: ['House', 'Techno'],
      social_links: { youtube: 'https://youtube.com/@mia', soundcloud: 'soundcloud.com/mia' },
      avatar_url: null,
    });
    expect(profileChanges({ ...member, signature: 'old' }, { ...form, signature: '  ' }).signature).toBeNull();
  });
});

describe('tip jar', () => {
  it('needs the details of the chosen type when enabled', () => {
    expect(validateTipJar({ enabled: true, type: 'crypto', value: ' ' })).toBe(SETTINGS_MESSAGES.cryptoMissing);
    expect(validateTipJar({ enabled: true, type: 'paypal', value: '' })).toBe(SETTINGS_MESSAGES.paypalMissing);
    expect(validateTipJar({ enabled: false, type: 'paypal', value: '' })).toBeNull();
  });

  it('stores nulls when off and trims values when on', () => {
    expect(tipJarToSave({ enabled: false, type: 'paypal', value: 'x' })).toEqual({
      tipJarEnabled: false,
      tipJarType: null,
      cryptoAddress: null,
      paypalEmail: null,
    });
    expect(tipJarToSave({ enabled: true, type: 'crypto', value: ' 0xabc ' })).toEqual({
      tipJarEnabled: true,
      tipJarType: 'crypto',
      cryptoAddress: '0xabc',
      paypalEmail: null,
    });
  });

  it('shows Tip Creator only for an enabled jar with its details', () => {
    expect(canReceiveTips({ tipJarEnabled: true, tipJarType: 'crypto', cryptoAddress: '0x1', paypalEmail: null })).toBe(true);
    expect(canReceiveTips({ tipJarEnabled: true, tipJarType: 'crypto', cryptoAddress: null, paypalEmail: 'a@b.c' })).toBe(false);
    expect(canReceiveTips({ tipJarEnabled: true, tipJarType: 'paypal', cryptoAddress: null, paypalEmail: 'a@b.c' })).toBe(true);
    expect(canReceiveTips({ tipJarEnabled: false, tipJarType: 'paypal', cryptoAddress: null, paypalEmail: 'a@b.c' })).toBe(false);
  });

  it('labels tiers and prefixes links', () => {
    expect(tierLabel('pro')).toBe('Pro DJ/Creator');
    expect(tierLabel('gold')).toBe('Community Member');
    expect(withHttps('mixcloud.com/x')).toBe('https://mixcloud.com/x');
    expect(withHttps('http://x.y')).toBe('http://x.y');
  });
});
