import { pulledKey } from '@/db/first-pull';
import { publicKeyQuery, restBase } from '@/launch/server-read-paths';
import { BLOG_COVER_SIZING } from '@/features/blog/constants';
import { BLOG_POST_EARLY_READ } from '@/features/blog/model/server-blog';
import { HUB_EARLY_READ, THREAD_EARLY_READ } from '@/features/discussions/model/server-reads';
import { PROFILE_BANNER_SIZING } from '@/features/profiles/constants';
import { PROFILE_EARLY_READ } from '@/features/profiles/model/server-profile';
import { EARLY_READ_ID, EARLY_READ_IMAGE_PATH, EARLY_READS_GLOBAL, type EarlyImage, type EarlyReadPlan } from '@/launch/early-reads';
import { imageSources, type ImageSizing } from '@/lib/image-url';
import { SERVER_FIRST_SCREENS, STORE_FIRST_PARAMS } from '@/launch/first-screen';
import { AUTH_STORAGE_KEY } from '@/lib/shell-constants';

/**
 * The route module each server-first screen renders from, with the requests it starts with. The build lists the module chunks each
 * route needs, for the page to fetch them alongside the entry, and groups them into few files: on a phone's
 * slow link every extra file costs a round trip.
 */
export const EARLY_READ_ROUTES = [
  { screen: 'thread', read: THREAD_EARLY_READ, routeFile: 'routes/discussions/thread/$threadId.tsx' },
  { screen: 'hub', read: HUB_EARLY_READ, routeFile: 'routes/discussions/index.tsx' },
  {
    screen: 'profile',
    read: PROFILE_EARLY_READ,
    image: { column: 'banner_url', sizing: PROFILE_BANNER_SIZING },
    routeFile: 'routes/profile/$username/index.tsx',
  },
  {
    screen: 'blog-post',
    read: BLOG_POST_EARLY_READ,
    image: { column: 'cover_image_url', sizing: BLOG_COVER_SIZING },
    routeFile: 'routes/blog/$slug.tsx',
  },
  // Home's first screen is its own text; its rows (featured members, counts) come after.
  { screen: 'home', read: { path: '^/$', requests: [] }, routeFile: 'routes/index.tsx', lightest: true },
];

/**
 * What the page's inline early read needs, from the modules the app itself decides and reads with: whether a
 * launch reads the server first (no session, never pulled, not a link to one post) and the exact requests.
 * Evaluated at build time by the Vite plugin that writes the script into index.html.
 * `preload(routeFile)` lists the files to fetch early for the screen of that route (none without a build).
 * Without image transformation the app shows pictures as uploaded, and nothing is preloaded for them.
 */
export function earlyReadPlan(
  supabaseUrl: string,
  anonKey: string,
  preload: (routeFile: string) => string[] = () => [],
  imageTransforms = true,
): EarlyReadPlan {
  const objectPrefix = `${new URL(supabaseUrl).origin}/storage/v1/object/public/`;
  // The screen's own srcset for a picture at a marked path: the page fills in the path, so both ask for the same files.
  const earlyImage = (column: string, sizing: ImageSizing): EarlyImage | undefined => {
    const sources = imageSources(objectPrefix + EARLY_READ_IMAGE_PATH, sizing, { supabaseUrl, transforms: imageTransforms });
    return sources.srcSet && sources.sizes ? { column, objectPrefix, srcset: sources.srcSet, sizes: sources.sizes } : undefined;
  };
  return {
    global: EARLY_READS_GLOBAL,
    base: restBase(supabaseUrl),
    keyQuery: publicKeyQuery(anonKey),
    authKey: AUTH_STORAGE_KEY,
    storeParams: STORE_FIRST_PARAMS,
    screens: SERVER_FIRST_SCREENS.map(({ path, collections }) => ({ path: path.source, pulled: collections.map(pulledKey) })),
    idMarker: EARLY_READ_ID,
    imageMarker: EARLY_READ_IMAGE_PATH,
    reads: EARLY_READ_ROUTES.map((route) => ({
      ...route.read,
      preload: preload(route.routeFile),
      image: 'image' in route && route.image ? earlyImage(route.image.column, route.image.sizing) : undefined,
    })),
  };
}
