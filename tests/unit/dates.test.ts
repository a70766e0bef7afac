import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from 'date-fns';
import { dateTimeInputValue, fromDateTimeInput, fullDateTime, parseDate, relativeTime } from '@/lib/dates';

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

  it('turns a timestamp into a datetime-local value in the device time zone and back, and refuses what is not a time', () => {
    const local = dateTimeInputValue('2026-11-20T12:34:56Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    // Back to the same minute (the input has no seconds).
    expect(fromDateTimeInput(local)).toBe(new Date(new Date('2026-11-20T12:34:00Z').getTime()).toISOString());
    expect(dateTimeInputValue(null)).toBe('');
    expect(dateTimeInputValue('not a date')).toBe('');
    expect(fromDateTimeInput('')).toBeNull();
    expect(fromDateTimeInput('2026-13-45T99:99')).toBeNull();
  });
});
