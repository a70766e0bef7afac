import { fullDateTime, parseDate, relativeTime } from '@/lib/dates';

/** '3 hours ago' with the full date on hover and for assistive technology. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  if (!parseDate(iso)) return null;
  return (
    <time dateTime={iso} title={fullDateTime(iso)} className={className}>
      {relativeTime(iso)}
    </time>
  );
}
