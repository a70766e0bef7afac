import { SYNC_MESSAGES } from '../messages';

/** What a push failure means for the queue. */
export type FailureKind = 'transient' | 'permanent';

export interface PushFailure {
  kind: FailureKind;
  /** shown to the member when permanent */
  reason: string;
  code?: string;
  status?: number;
}

export interface RemoteError {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
}

/** Foreign key violation: the parent row (a discussion queued in the same outbox) may still be on its way. */
export const FK_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';

const TRANSIENT_CODES = new Set([
  FK_VIOLATION,
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '57014', // query_canceled (statement timeout)
  '53300', // too_many_connections
  'PGRST301',
  'PGRST302',
  'PGRST303', // JWT problems: the client refreshes the session and retries
]);

/**
 * Decides whether a failed write is retried or taken out of the queue.
 * Permanent: HTTP 4xx from PostgREST (RLS 42501, trigger P0001 such as a locked
 * thread, check 23514, bad data) except 401, 408 and 429. Transient: no
 * response at all (offline), 5xx, 401 (expired session), 408, 429, and the
 * SQLSTATEs above.
 */
export function classifyFailure(error: RemoteError | null | undefined, status: number | undefined): PushFailure {
  const code = error?.code ?? undefined;
  const reason = error?.message?.trim() || SYNC_MESSAGES.rejectedFallback;
  if (code && TRANSIENT_CODES.has(code)) return { kind: 'transient', reason, code, status };
  if (!status || status >= 500 || status === 401 || status === 408 || status === 429) {
    return { kind: 'transient', reason, code, status };
  }
  if (status >= 400) {
    const shown = code === '42501' && !error?.message ? SYNC_MESSAGES.permissionDenied : reason;
    return { kind: 'permanent', reason: shown, code, status };
  }
  return { kind: 'transient', reason, code, status };
}
