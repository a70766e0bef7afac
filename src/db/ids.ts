/**
 * Every replicated table's primary and foreign keys are uuids. A string that
 * is not one (a typo or a truncated link) must never reach a pull filter:
 * PostgREST refuses the whole request with 400 for one bad element of an
 * `in.(...)` list, which would stop replication for every other thread too.
 */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
