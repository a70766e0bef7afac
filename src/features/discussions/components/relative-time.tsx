import { format, formatDistanceToNow } from 'date-fns';

/** '3 hours ago' with the full date on hover and for assistive technology. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={iso} title={format(date, 'PPpp')} className={className}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}

export function relativeTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDistanceToNow(date, { addSuffix: true });
}
