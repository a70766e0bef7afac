/**
 * The path to follow after sign-in. Only paths inside the app are followed, so
 * a crafted /login?from= cannot send a member to another site: `//host` and
 * `/\host` are other sites to a browser, and browsers drop tabs and newlines
 * from URLs (`/<tab>/host` is `//host`), so backslashes and control
 * characters are refused anywhere in the path.
 */
export function safeRedirectTarget(from: string | undefined, fallback: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here.
  if (!from || !from.startsWith('/') || from.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(from)) return fallback;
  return from;
}
