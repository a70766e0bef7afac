import type { RemoteResult } from './remote-table';

/** An Error carrying PostgREST's code and the HTTP status, for RxDB's error$ and for logs. */
export class RemoteFailure extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number,
  ) {
    super(message);
    this.name = 'RemoteFailure';
  }
}

export function remoteFailure(table: string, result: RemoteResult<unknown>): RemoteFailure {
  const message = result.error?.message ?? 'no data in response';
  return new RemoteFailure(`${table}: ${message}`, result.error?.code, result.status);
}
