import { Link } from '@tanstack/react-router';
import { AlertCircle, CloudOff, RefreshCw } from 'lucide-react';
import { MESSAGES, REJECTED_DRAFTS_PATH } from '@/lib/shell-constants';
import { useConnectivityStore } from '@/stores/connectivity-store';

export function pendingChangesLabel(count: number): string {
  return count === 1 ? '1 change waiting' : `${count} changes waiting`;
}

export function rejectedChangesLabel(count: number): string {
  return count === 1 ? '1 change not sent' : `${count} changes not sent`;
}

/** Quiet by design: nothing shows while online with nothing queued. */
export function ConnectivityIndicator() {
  const online = useConnectivityStore((s) => s.online);
  const pending = useConnectivityStore((s) => s.pendingChanges);
  const rejected = useConnectivityStore((s) => s.rejectedChanges);
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-2" data-testid="connectivity-indicator">
      {online ? null : (
        <span
          title={MESSAGES.offline}
          className="inline-flex items-center gap-1 rounded-full border border-amber-600/60 bg-amber-100 px-1.5 py-0.5 sm:px-2.5 text-xs font-semibold text-amber-950 dark:border-amber-400/60 dark:bg-amber-950 dark:text-amber-100"
        >
          <CloudOff className="size-3.5" aria-hidden />
          {/* Phones show the icon alone: the word would push the account menu off the screen. */}
          <span className="max-sm:sr-only">{MESSAGES.offline}</span>
        </span>
      )}
      {pending > 0 ? (
        <span className="hidden items-center gap-1 text-xs text-muted-foreground sm:inline-flex">
          <RefreshCw className="size-3.5" aria-hidden />
          {pendingChangesLabel(pending)}
        </span>
      ) : null}
      {rejected > 0 ? (
        // Shown on every width: the member must learn that something was refused, and reach its text.
        <Link
          to={REJECTED_DRAFTS_PATH}
          className="inline-flex items-center gap-1 rounded text-xs font-medium text-destructive underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="rejected-changes"
        >
          <AlertCircle className="size-3.5" aria-hidden />
          {rejectedChangesLabel(rejected)}
        </Link>
      ) : null}
    </div>
  );
}
