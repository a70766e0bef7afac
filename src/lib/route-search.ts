// zod/mini keeps the validators tree-shakable: this module loads with the route tree, in the first screen's JavaScript.
import * as z from 'zod/mini';

/**
 * Search parameters of the routes, typed.
 * Anything malformed in a URL falls back to "not given" instead of breaking the page;
 * screens apply their own defaults.
 */
const page = () => z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1))), undefined);
// The router JSON-parses search values (?q=123 arrives as a number), so text is coerced back.
const text = () => z.catch(z.optional(z.coerce.string()), undefined);

function optionalEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.catch(z.optional(z.enum(values)), undefined);
}

/**
 * A route's search validator whose schema is built on its first use. The route tree is evaluated with the entry, and
 * building every route's schema there (and compiling its parser) cost the first screen a long task's worth of
 * time for routes the visit never opens.
 */
function lazySearch<T extends z.ZodMiniObject>(build: () => T): (search: Record<string, unknown>) => z.output<T> {
  let schema: T | undefined;
  return (search) => (schema ??= build()).parse(search);
}

export const DIRECTORY_ROLES = [
  'all',
  'DJ',
  'Producer',
  'Vocalist',
  'Label',
  'Promoter',
  'Fan',
  'Venue Owner',
  'Sound Engineer',
  'Visual Artist',
  'Dancer',
  'Music Journalist',
  'Educator',
] as const;

export const DIRECTORY_SORTS = ['created_at_desc', 'created_at_asc', 'display_name_asc', 'display_name_desc', 'karma_desc', 'karma_asc'] as const;

export const HUB_SORTS = ['updated_at', 'created_at', 'post_count'] as const;

export const SEARCH_TYPES = ['all', 'profiles', 'blog_posts', 'discussions'] as const;

export const directorySearchSchema = lazySearch(() =>
  z.object({
    q: text(),
    sort: optionalEnum(DIRECTORY_SORTS),
    page: page(),
  }),
);

export const hubSearchSchema = lazySearch(() =>
  z.object({
    q: text(),
    category: text(),
    sort: optionalEnum(HUB_SORTS),
    page: page(),
    /** something shared into the app from the phone: opens "Start New Discussion" prefilled with it */
    shared: text(),
    /** the installed app's "New discussion" shortcut: opens "Start New Discussion" */
    compose: text(),
  }),
);

export const threadSearchSchema = lazySearch(() =>
  z.object({
    post: text(),
    /** from a notification's Reply: text for the reply editor ('' only focuses it) */
    reply: text(),
  }),
);

/** The id of what was shared into the app (a link, text or file the service worker kept). */
export const sharedSearchSchema = lazySearch(() =>
  z.object({
    shared: text(),
  }),
);

export const blogSearchSchema = lazySearch(() =>
  z.object({
    q: text(),
    tags: z.catch(z.optional(z.array(z.coerce.string())), undefined),
    page: page(),
  }),
);

export const searchPageSchema = lazySearch(() =>
  z.object({
    q: text(),
    type: optionalEnum(SEARCH_TYPES),
    page: page(),
  }),
);

export const loginSearchSchema = lazySearch(() =>
  z.object({
    from: text(),
    status: optionalEnum(['confirm_email']),
  }),
);

export const signupSearchSchema = lazySearch(() =>
  z.object({
    from: text(),
  }),
);

export const paymentSuccessSearchSchema = lazySearch(() =>
  z.object({
    source: text(),
    status: text(),
    tier_id: text(),
    // PayPal appends ?token={orderId} to the return URL; the server verifies that order.
    token: text(),
  }),
);
