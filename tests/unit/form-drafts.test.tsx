// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_TYPE } from '@/features/content/constants';
import { parseContentDetails } from '@/features/content/validation';
import { parseContactInput, type ContactInput } from '@/features/contact/validation';
import { formFromMember, parseProfileForm } from '@/features/settings/model/profile-form';
import type { SettingsMember } from '@/features/settings/model/types';
import { DEFAULT_TIP_JAR } from '@/lib/profile-rules';
import { clearPrivateDeviceData } from '@/lib/device-storage';
import { readFormDraft, writeFormDraft } from '@/lib/form-drafts';
import { useFormDraft } from '@/lib/use-form-draft';

afterEach(() => {
  cleanup();
  clearPrivateDeviceData();
});

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

/** A form as the contact screen holds it: its state, and the draft hook around it. */
function contactForm(key: string | null = 'contact:visitor') {
  return renderHook(() => {
    const [form, setForm] = useState(EMPTY);
    const draft = useFormDraft({ key, value: form, parse: parseContactInput, onRestore: setForm });
    const type = (message: string) => {
      draft.touch();
      setForm((f) => ({ ...f, message }));
    };
    return { form, draft, type };
  });
}

describe('an unsent form kept across reloads', () => {
  it('keeps every change at once (no pause to wait for), and gives it back in a new page', () => {
    const first = contactForm();
    act(() => first.result.current.type('The booking link is broken'));
    expect(readFormDraft('contact:visitor', parseContactInput)).toMatchObject({ message: 'The booking link is broken' });
    first.unmount();

    const reloaded = contactForm();
    expect(reloaded.result.current.form.message).toBe('The booking link is broken');
    expect(reloaded.result.current.draft.restored).toBe(true);
  });

  it('does not keep a form the member has not touched (its initial values are not a draft)', () => {
    contactForm();
    expect(readFormDraft('contact:visitor', parseContactInput)).toBeNull();
  });

  it('is removed when sent or discarded', () => {
    const hook = contactForm();
    act(() => hook.result.current.type('Sending this'));
    act(() => hook.result.current.draft.clear());
    expect(readFormDraft('contact:visitor', parseContactInput)).toBeNull();
    expect(hook.result.current.draft.restored).toBe(false);
  });

  it('is kept per member: another key starts empty', () => {
    const mine = contactForm('contact:member-a');
    act(() => mine.result.current.type('Mine'));
    expect(contactForm('contact:member-b').result.current.form.message).toBe('');
  });

  it('refuses and drops a stored value of another shape instead of breaking the form', () => {
    writeFormDraft('contact:visitor', { message: 42 });
    const hook = contactForm();
    expect(hook.result.current.form).toEqual(EMPTY);
    expect(hook.result.current.draft.restored).toBe(false);
    expect(readFormDraft('contact:visitor', (v) => v)).toBeNull();
  });

  it('accepts the profile settings form as it is kept', () => {
    const member: SettingsMember = {
      id: 'm',
      username: 'selector',
      display_name: 'Selector',
      bio: 'Vinyl only',
      signature: '',
      location: 'Leeds',
      genres: ['Techno'],
      social_links: { soundcloud: 'https://soundcloud.com/selector' },
      avatar_url: null,
      banner_url: null,
      monetization: DEFAULT_TIP_JAR,
    };
    const form = formFromMember(member);
    expect(parseProfileForm(JSON.parse(JSON.stringify(form)))).toEqual(form);
    expect(parseProfileForm({ ...form, social: {} })).toBeNull();
  });

  it('accepts the add-content details as they are kept, and refuses an unknown content type', () => {
    const details = { title: 'Warehouse Roller', description: '130 bpm', type: DEFAULT_CONTENT_TYPE, genre: 'Electronic', tags: 'techno', isPublic: true };
    expect(parseContentDetails(JSON.parse(JSON.stringify(details)))).toEqual(details);
    expect(parseContentDetails({ ...details, type: 'podcast-episode' })).toBeNull();
  });
});
