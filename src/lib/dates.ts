import { formatDistanceToNow } from 'date-fns';

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
