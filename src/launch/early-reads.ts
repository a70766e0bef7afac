/**
 * The early read: on a shared link opened by a visitor on an empty device, index.html starts the first
 * screen's PostgREST requests itself, so the rows travel while the app's JavaScript downloads and runs
 * instead of after it. The app then takes each answer over when it sends the same request.
 *
 * The inline script is `startEarlyReads` serialised with its plan at build time (see the Vite plugin in
 * `scripts/vite-early-reads.ts`); the plan is computed from the same modules the app decides and reads
 * with, so both agree on when to read from the server and on the exact request. This module imports
 * nothing: the function must stand alone once serialised.
 */

/** The window property holding the early requests, by full URL. */
export const EARLY_READS_GLOBAL = '__djcircleEarlyReads';

export interface EarlyReadPlan {
  /** Property of `window` the requests are left under. */
  global: string;
  /** `<project url>/rest/v1/` */
  base: string;
  /** Appended to each request's URL: the public key, so the request needs no header (and no preflight). */
  keyQuery: string;
  /** A session under this localStorage key means a member: their screens read the store. */
  authKey: string;
  /** Query parameters with which the screen reads the store (a link to one post). */
  storeParams: string[];
  /** Screens read from the server, each with the localStorage keys that, all set to '1', mean the device has the rows. */
  screens: { path: string; pulled: string[] }[];
  /** Stands for the screen's id in a request: the first group its path's pattern captures. */
  idMarker: string;
  /** Stands for a picture's storage path in a planned srcset. */
  imageMarker: string;
  /** The requests each screen starts with, and the app's files (module chunks) its first render needs. */
  reads: { path: string; requests: string[]; preload: string[]; lowerCaseId?: boolean; image?: EarlyImage }[];
}

/**
 * The picture a screen's first request names (a profile's banner): fetched as soon as that answer is in,
 * instead of after the app has loaded and rendered the screen.
 */
export interface EarlyImage {
  /** Column of the first request's first row holding the picture's URL. */
  column: string;
  /** Only a picture under this URL prefix (the project's public storage) is preloaded, as its resized copies. */
  objectPrefix: string;
  /** The screen's `srcset` for a picture whose path under the prefix is `EARLY_READ_IMAGE_PATH`. */
  srcset: string;
  sizes: string;
}

/** Marks the picture's storage path in a planned srcset. */
// Characters a URL keeps as they are: the marker goes through the app's own URL parsing.
export const EARLY_READ_IMAGE_PATH = '__early-image-path__';

/** Marks the screen's id in a planned request. */
export const EARLY_READ_ID = '{id}';

/**
 * Starts the launch screen's requests when its first screen is read from the server. Runs inline in the
 * page's head: no imports, no closures, nothing newer than the app's own build target. Anything odd (no
 * storage, a bad path) just leaves the reading to the app. The screen's module chunks are fetched at once
 * too, instead of after the app's entry has run and asked for them (a launch that reads the store, perhaps
 * offline through the service worker, keeps the app's own order).
 */
export function startEarlyReads(plan: EarlyReadPlan): void {
  try {
    const store = window.localStorage;
    if (store.getItem(plan.authKey)) return;
    const params = new URLSearchParams(window.location.search);
    if (plan.storeParams.some((name) => params.has(name))) return;
    const path = window.location.pathname;
    const screen = plan.screens.find((s) => new RegExp(s.path).test(path));
    if (!screen || screen.pulled.every((key) => store.getItem(key) === '1')) return;
    for (const read of plan.reads) {
      const match = new RegExp(read.path).exec(path);
      if (!match) continue;
      const raw = match[1] === undefined ? '' : decodeURIComponent(match[1]);
      const id = encodeURIComponent(read.lowerCaseId ? raw.toLowerCase() : raw);
      const started: Record<string, Promise<Response>> = {};
      let first: Promise<Response> | undefined;
      for (const request of read.requests) {
        // Left under the URL without the key, which is how the app looks it up.
        const url = plan.base + request.split(plan.idMarker).join(id);
        const response = fetch(url + plan.keyQuery);
        started[url] = response;
        first ??= response;
        // Unhandled if the app never asks (it failed to load): not worth an error in the console.
        response.catch(() => undefined);
      }
      (window as unknown as Record<string, unknown>)[plan.global] = started;
      const image = read.image;
      if (image && first) {
        first
          .then((response) => (response.ok ? response.clone().json() : null))
          .then((rows: unknown) => {
            const value = Array.isArray(rows) && rows[0] ? (rows[0] as Record<string, unknown>)[image.column] : null;
            if (typeof value !== 'string') return;
            // As the app reads a storage URL: same origin and path prefix, no query.
            const url = new URL(value);
            const where = url.origin + url.pathname;
            if (url.search || !where.startsWith(image.objectPrefix)) return;
            const link = document.createElement('link');
            link.rel = 'preload';
            link.as = 'image';
            link.setAttribute('imagesrcset', image.srcset.split(plan.imageMarker).join(where.slice(image.objectPrefix.length)));
            link.setAttribute('imagesizes', image.sizes);
            link.setAttribute('fetchpriority', 'high');
            document.head.appendChild(link);
          })
          .catch(() => undefined);
      }
      for (const file of read.preload) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = file;
        document.head.appendChild(link);
      }
      return;
    }
  } catch {
    // The app reads on its own.
  }
}

/** The inline script for `plan`, safe inside a <script> element. */
export function earlyReadsScript(plan: EarlyReadPlan): string {
  return `(${startEarlyReads.toString()})(${JSON.stringify(plan).replace(/</g, '\\u003c')});`;
}

/**
 * The response of the early request for `url`, if the page started one: handed out once, so a later read
 * (another visit of the screen) asks the server again.
 */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const started = (window as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[EARLY_READS_GLOBAL];
  const response = started?.[url];
  if (response) delete started[url];
  return response;
}
