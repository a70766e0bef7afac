import { format } from 'date-fns';
import { parseDate, relativeTime } from '@/lib/dates';

/** '3 hours ago' with the full date on hover and for assistive technology. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const date = parseDate(iso);
  if (!date) return null;
  return (
    <time dateTime={iso} title={format(date, 'PPpp')} className={className}>
      {relativeTime(iso)}
    </time>
  );
}
