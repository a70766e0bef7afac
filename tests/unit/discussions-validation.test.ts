import { describe, expect, it } from 'vitest';
import { CREATE_TEXT, OTHER_CATEGORY } from '@/features/discussions/constants';
import {
  POST_ANCHOR_PREFIX,
  postIdFromHash,
  postIdFromSearch,
  titleEditOutcome,
  validateNewDiscussion,
  validateReply,
} from '@/features/discussions/validation';

describe('reply validation', () => {
  it('refuses empty and whitespace-only replies and trims the rest', () => {
    expect(validateReply('').ok).toBe(false);
    expect(validateReply('  \n\t ').ok).toBe(false);
    expect(validateReply('  hello  \n')).toEqual({ ok: true, value: 'hello' });
  });
});

describe('new discussion validation', () => {
  const ok = { title: ' My mix ', category: 'Track Feedback', customCategory: '', content: ' <p>hi</p> ' };

  it('requires title, first post and category with its message', () => {
    for (const missing of ['title', 'category', 'content'] as const) {
      const r = validateNewDiscussion({ ...ok, [missing]: '   ' });
      expect(r).toEqual({ ok: false, message: CREATE_TEXT.required });
    }
  });

  it('trims the values it accepts', () => {
    expect(validateNewDiscussion(ok)).toEqual({ ok: true, value: { title: 'My mix', category: 'Track Feedback', content: '<p>hi</p>' } });
  });

  it("uses the trimmed custom text for 'Other' and requires it", () => {
    expect(validateNewDiscussion({ ...ok, category: OTHER_CATEGORY, customCategory: '  ' })).toEqual({ ok: false, message: CREATE_TEXT.customRequired });
    expect(validateNewDiscussion({ ...ok, category: OTHER_CATEGORY, customCategory: ' Vinyl Digging ' })).toEqual({
      ok: true,
      value: { title: 'My mix', category: 'Vinyl Digging', content: '<p>hi</p>' },
    });
  });
});

describe('title edit', () => {
  it('closes without saving when empty or unchanged', () => {
    expect(titleEditOutcome('Old', '  ')).toEqual({ action: 'close' });
    expect(titleEditOutcome('Old', ' Old ')).toEqual({ action: 'close' });
    expect(titleEditOutcome('Old', ' New ')).toEqual({ action: 'save', title: 'New' });
  });
});

describe('?post= on the thread route', () => {
  it('accepts only a uuid', () => {
    const id = '3f1b2c4d-1234-4abc-9def-0123456789ab';
    expect(postIdFromSearch(id)).toBe(id);
    expect(postIdFromSearch('<script>')).toBeNull();
    expect(postIdFromSearch(undefined)).toBeNull();
  });

  it('a #post- anchor names its post; any other anchor names none', () => {
    const id = '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e';
    expect(postIdFromHash(`#${POST_ANCHOR_PREFIX}${id}`)).toBe(id);
    expect(postIdFromHash(`${POST_ANCHOR_PREFIX}${id.toUpperCase()}`)).toBe(id);
    expect(postIdFromHash('new-posts')).toBeNull();
    expect(postIdFromHash(`#${POST_ANCHOR_PREFIX}<img>`)).toBeNull();
    expect(postIdFromHash('')).toBeNull();
  });
});
