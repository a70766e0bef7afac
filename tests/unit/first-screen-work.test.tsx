// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAT_LABELS } from '@/features/home/constants';
import { CommunityStatsGrid } from '@/features/home/components/home-sections';
import { mergeCategories } from '@/features/discussions/model/hub-query';
import { compareText, formatCount } from '@/lib/utils';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the first screens set up no ICU formatter or collator', () => {
  it('shows the counts with thousands separators without loading ICU number data (toLocaleString)', () => {
    const toLocaleString = vi.spyOn(Number.prototype, 'toLocaleString');
    render(<CommunityStatsGrid stats={{ members: 1234, content: 56, discussions: 1_234_567 }} />);
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('56')).toBeTruthy();
    expect(screen.getByText('1,234,567')).toBeTruthy();
    expect(screen.getByText(STAT_LABELS.members)).toBeTruthy();
    expect(toLocaleString).not.toHaveBeenCalled();
  });

  it('formats counts as en-US writes them', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_000_000, -4321, 1234.5]) expect(formatCount(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 20 }));
  });

  it("sorts the hub's categories without ICU's collator (localeCompare)", () => {
    const localeCompare = vi.spyOn(String.prototype, 'localeCompare');
    const merged = mergeCategories(['Vinyl Digging', 'ambient', 'R&B', ' Vinyl Digging ']);
    expect(merged).toContain('ambient');
    expect(merged.indexOf('ambient')).toBeLessThan(merged.indexOf('R&B'));
    expect(merged.indexOf('R&B')).toBeLessThan(merged.indexOf('Vinyl Digging'));
    expect(localeCompare).not.toHaveBeenCalled();
  });

  it('orders text case-insensitively, then by case', () => {
    expect(['b', 'B', 'a', 'Ab', 'aa'].sort(compareText)).toEqual(['a', 'aa', 'Ab', 'B', 'b']);
  });
});
