/**
 * The path to follow after sign-in. Only paths inside the app are followed, so
 * a crafted /login?from= cannot send a member to another site.
 */
export function safeRedirectTarget(from: string | undefined, fallback: string): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return fallback;
  return from;
}
