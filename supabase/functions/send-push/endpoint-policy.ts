const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * Whether a member-supplied push endpoint may be called. Endpoints come from browsers, so they are
 * only ever https; plain http is accepted for loopback endpoints only while the project itself runs
 * on loopback (the local stack and its stand-in push service), never on a hosted project.
 */
export function endpointAllowed(endpoint: string, projectUrl: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname)) return false;
  try {
    return LOOPBACK.has(new URL(projectUrl ?? '').hostname);
  } catch {
    return false;
  }
}
