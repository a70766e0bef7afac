import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAFT_TITLE } from '@/features/admin/constants';
import { draftSlug, finalDraftTitle, titleFromGenerated } from '@/features/admin/model/draft';

describe('AI draft rules', () => {
  it('takes the first line as the title, cut at 70 characters plus an ellipsis', () => {
    expect(titleFromGenerated('# Short title\n\nBody')).toBe('Short title');
    const long = 'x'.repeat(80);
    expect(titleFromGenerated(`${long}\nbody`)).toBe(`${'x'.repeat(70)}...`);
    expect(finalDraftTitle('  ')).toBe(DEFAULT_DRAFT_TITLE);
  });

  it('builds the slug: lowercase, hyphens, word characters, 75 max, 5-digit time suffix', () => {
    expect(draftSlug('  Hello,  World -- Again! ', 1700000012345)).toBe('hello-world-again-12345');
    const slug = draftSlug('a'.repeat(100), 1700000099999);
    expect(slug).toBe(`${'a'.repeat(75)}-99999`);
  });
});
