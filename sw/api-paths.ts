/**
 * Backend paths whose answers the worker must never serve from a cache.
 * Public storage objects (/storage/v1/object/public/...) are files, not data,
 * and may be cached as images.
 */
const API_PATH = /^\/(rest|auth|realtime|functions|graphql)\/v1(\/|$)/;
const PUBLIC_STORAGE_OBJECT = /^\/storage\/v1\/object\/public\//;

export function isBackendApiPath(pathname: string): boolean {
  if (PUBLIC_STORAGE_OBJECT.test(pathname)) return false;
  return API_PATH.test(pathname) || pathname.startsWith('/storage/v1/');
}
