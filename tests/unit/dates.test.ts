import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from 'date-fns';
import { fullDateTime, parseDate, relativeTime } from '@/lib/dates';

describe('relative dates', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says how long ago, in words', () => {
    expect(relativeTime('2026-11-23T09:00:00Z')).toBe('about 3 hours ago');
    expect(relativeTime('2026-11-20T12:00:00.123456+00:00')).toBe('3 days ago');
  });

  it('shows nothing for a missing or unreadable timestamp', () => {
    expect(relativeTime(null)).toBe('');
    expect(relativeTime(undefined)).toBe('');
    expect(relativeTime('not a date')).toBe('');
    expect(parseDate('')).toBeNull();
  });

  it('gives the full date of a timestamp as date-fns writes it, and nothing for a missing or unreadable one', () => {
    const iso = '2026-11-20T12:34:56Z';
    expect(fullDateTime(iso)).toBe(format(new Date(iso), 'PPpp'));
    // Asked again (the next render of a list), the same text.
    expect(fullDateTime(iso)).toBe(format(new Date(iso), 'PPpp'));
    expect(fullDateTime(null)).toBe('');
    expect(fullDateTime('not a date')).toBe('');
  });
});
