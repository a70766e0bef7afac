import { Alert } from './alert';

/**
 * A form's outcome above its fields: what went wrong, with the reasons the
 * server gave (a weak password's), or what was done. Each alert carries a
 * test id made from `testId`.
 */
export function FormStatus({ error, reasons = [], success, testId }: { error?: string | null; reasons?: string[]; success?: string | null; testId: string }) {
  return (
    <>
      {error ? (
        <Alert variant="error" data-testid={`${testId}-error`}>
          {reasons.length > 0 ? (
            <>
              <p>{error}</p>
              <ul className="mt-1 list-disc pl-5" data-testid={`${testId}-reasons`}>
                {reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </>
          ) : (
            error
          )}
        </Alert>
      ) : null}
      {success ? (
        <Alert variant="success" data-testid={`${testId}-success`}>
          {success}
        </Alert>
      ) : null}
    </>
  );
}
