import { format, formatDistanceToNow } from 'date-fns';
import QuickLRU from 'quick-lru';

/** A stored timestamp as a Date, or null when it is missing or not a date. */
export function parseDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '3 hours ago', 'in 2 days'; '' for a missing or unreadable timestamp, so a bad row never shows 'Invalid Date'. */
export function relativeTime(iso: string | null | undefined): string {
  const date = parseDate(iso);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : '';
}

/**
 * Full dates by timestamp. A list's rows each format theirs on every render (a hub page, a thread's posts), and
 * date-fns' long format is most of a row's date work; a timestamp's full date never changes, so it is formatted once.
 */
const fullDates = new QuickLRU<string, string>({ maxSize: 2000 });

/** 'Apr 29, 2026, 3:04:05 PM' (date-fns 'PPpp'); '' for a missing or unreadable timestamp. */
export function fullDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  let text = fullDates.get(iso);
  if (text === undefined) {
    const date = parseDate(iso);
    text = date ? format(date, 'PPpp') : '';
    fullDates.set(iso, text);
  }
  return text;
}

/** A timestamp as an `<input type="datetime-local">` value in the device's time zone; '' when missing or unreadable. */
export function dateTimeInputValue(iso: string | null | undefined): string {
  const date = parseDate(iso);
  return date ? format(date, "yyyy-MM-dd'T'HH:mm") : '';
}

/** A `datetime-local` value (the device's time zone) as ISO; null when empty or not a time. */
export function fromDateTimeInput(local: string): string | null {
  const date = parseDate(local);
  return date ? date.toISOString() : null;
}
