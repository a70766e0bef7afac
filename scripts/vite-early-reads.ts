import { fileURLToPath } from 'node:url';
import { runnerImport, type IndexHtmlTransformContext, type Plugin, type Rollup } from 'vite';

type PlanModule = typeof import('../src/app/early-read-plan');
type EarlyReadsModule = typeof import('../src/launch/early-reads');
type EnvModule = typeof import('../src/lib/env');
type SanitizeModule = typeof import('../src/lib/sanitize');

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** Loads one of the app's modules in Node, resolving its `@/` imports as the app's build does. */
async function appModule<T>(path: string): Promise<T> {
  const { module } = await runnerImport<T>(`${SRC}/${path}`, { configFile: false, logLevel: 'error', resolve: { alias: { '@': SRC } } });
  return module;
}

/**
 * The chunks the route component of `routeFile` (under src/) needs, beside the entry: its own chunk and every
 * chunk it imports statically. None in dev, where modules are served one by one.
 */
function routeChunks(bundle: Rollup.OutputBundle | undefined, routeFile: string, base: string): string[] {
  if (!bundle) return [];
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  // The router plugin splits a route's component into a module of its own, named after the file.
  const root = chunks.find((c) => c.moduleIds.some((id) => id.startsWith(`${SRC}/${routeFile}?`) && id.includes('split=component')));
  if (!root) throw new Error(`early reads: no chunk for the component of ${routeFile}`);
  const files: string[] = [];
  const visit = (name: string) => {
    const chunk = byName.get(name);
    if (!chunk || chunk.isEntry || files.includes(name)) return;
    files.push(name);
    chunk.imports.forEach(visit);
  };
  visit(root.fileName);
  return files.map((name) => `${base}${name}`);
}

/** The chunks of the modules home shares with the other server-first screens, and of those only the others share. */
export const FIRST_SCREENS_COMMON_CHUNK = 'first-common';
export const FIRST_SCREENS_SHARED_CHUNK = 'first-screens';

type ChunkGroup = {
  name: string | ((id: string) => string | null);
  debugName?: string;
  test?: (id: string) => boolean;
  priority: number;
  includeDependenciesRecursively: boolean;
};

/**
 * Groups what the server-first screens' routes need into two or three files per screen. Left to the bundler, a
 * thread's first render took 45 files of a few hundred bytes each; on a phone's slow link (Lighthouse's
 * simulated slow 4G: 150 ms a round trip, six connections to a host) they queued behind one another and the
 * first screen came about a second later. Home is the lightest first screen (no markdown, no editor): the
 * modules it shares with the others make one file, the modules only the others share a second, and each
 * screen's own modules a third, so home downloads nothing it does not use. A set of screens sharing a lot of
 * code only among themselves gets a fourth (see OWN_FILE_MIN_SHARED_CODE). Finer groups (by the exact set of
 * screens using each module) saved some screens 20-40 KB but cost up to six files, and measured no faster.
 * Everything else (the entry's modules, and what a route loads later on demand, such as the database) is left
 * to the bundler's own splitting. `groups` are the bundler's groups; a module's dependencies are not pulled into
 * its group, as each of them is placed by the screens that use it.
 */
/**
 * Code (before minifying) that a few of the screens share and above which it gets a file of their own instead of
 * going into the file all but home load: the markdown renderer and sanitizer only a thread and a blog post
 * use (about 160 KB, 25 KB gzip) were downloaded by the hub and every profile before their first screen.
 */
const OWN_FILE_MIN_SHARED_CODE = 100_000;

export function firstScreenChunks(): { plugin: Plugin; groups: ChunkGroup[] } {
  const groupOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'djcircle-first-screen-chunks',
    apply: 'build',
    async buildEnd(error) {
      if (error) return;
      const { EARLY_READ_ROUTES } = await appModule<PlanModule>('app/early-read-plan.ts');
      const ids = [...this.getModuleIds()];
      const staticClosure = (roots: string[]): Set<string> => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const initial = staticClosure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      // The shell's parts loaded on first use (tooltips, menus, the toaster) keep files of their own: a page that
      // is not one of these screens loads them without the screens' shared code, and their loading stays apart.
      const shellParts = new Set(
        [...initial].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []).filter((id) => /[\\/]src[\\/](app|components)[\\/]/.test(id)),
      );
      const users = new Map<string, string[]>();
      for (const { screen, routeFile } of EARLY_READ_ROUTES) {
        const root = ids.find((id) => id.startsWith(`${SRC}/${routeFile}?`) && id.includes('split=component'));
        if (!root) throw new Error(`first-screen chunks: no component module for ${routeFile}`);
        for (const id of staticClosure([root])) if (!initial.has(id) && !shellParts.has(id)) users.set(id, [...(users.get(id) ?? []), screen]);
      }
      groupOf.clear();
      const lightest = EARLY_READ_ROUTES.find((route) => route.lightest)?.screen;
      const others = EARLY_READ_ROUTES.filter((route) => route.screen !== lightest).length;
      // How much code each set of screens shares, to give a heavy set a file of its own.
      const sharedBySet = new Map<string, number>();
      for (const [id, screens] of users) {
        const set = screens.join('_');
        sharedBySet.set(set, (sharedBySet.get(set) ?? 0) + (this.getModuleInfo(id)?.code?.length ?? 0));
      }
      const chunkOf = (screens: string[]) => {
        if (screens.length === 1) return `first-${screens[0]}`;
        if (lightest && screens.includes(lightest)) return FIRST_SCREENS_COMMON_CHUNK;
        // The set all the other screens share is the shared file itself.
        const set = screens.join('_');
        return screens.length < others && (sharedBySet.get(set) ?? 0) >= OWN_FILE_MIN_SHARED_CODE ? `first-${set}` : FIRST_SCREENS_SHARED_CHUNK;
      };
      for (const [id, screens] of users) groupOf.set(id, chunkOf(screens));
    },
  };
  // The icons and the rxjs operators the entry does not use: the screens reach them through a package index the
  // entry imports too, so they cannot be told apart above. In the common file rather than one file per icon
  // (with tslib, the helpers rxjs imports).
  const reachedThroughIndex = (id: string) => /node_modules[\\/](lucide-react[\\/]dist[\\/]esm[\\/]icons|rxjs|tslib)[\\/]/.test(id);
  return {
    plugin,
    groups: [
      {
        name: FIRST_SCREENS_COMMON_CHUNK,
        test: (id) => groupOf.get(id) === FIRST_SCREENS_COMMON_CHUNK || reachedThroughIndex(id),
        priority: 2,
        includeDependenciesRecursively: false,
      },
      { name: FIRST_SCREENS_SHARED_CHUNK, test: (id) => groupOf.get(id) === FIRST_SCREENS_SHARED_CHUNK, priority: 2, includeDependenciesRecursively: false },
      { name: (id) => groupOf.get(id) ?? null, debugName: 'first-screen own', priority: 1, includeDependenciesRecursively: false },
    ],
  };
}

/** Where index.html takes the early read: ahead of the stylesheet and the entry the build adds at the end of the head. */
const EARLY_READS_PLACEHOLDER = '<!--early-reads-->';

/**
 * Writes the early read into index.html's head: a preconnect to the project's API, and the inline script that
 * starts a shared link's first requests before the app's JavaScript has arrived (src/launch/early-reads.ts).
 * It goes where the page marks its place, not at the end of the head where the build links the stylesheet: an
 * inline script after a stylesheet waits until that has loaded, and the first read went out only once the CSS
 * was in (about 40 ms late on this machine, a round trip and more on a phone's link).
 * The plan comes from the app's own modules, evaluated here, so the page and the app cannot disagree.
 */
export function earlyReadsPlugin(): Plugin {
  let rawEnv: Record<string, unknown> = {};
  let base = '/';
  let markup: Promise<string> | undefined;
  const build = async (bundle: Rollup.OutputBundle | undefined): Promise<string> => {
    const [{ earlyReadPlan }, { earlyReadsScript }, { parseEnv }, { escapeHtml }] = await Promise.all([
      appModule<PlanModule>('app/early-read-plan.ts'),
      appModule<EarlyReadsModule>('launch/early-reads.ts'),
      appModule<EnvModule>('lib/env.ts'),
      appModule<SanitizeModule>('lib/sanitize.ts'),
    ]);
    const env = parseEnv(rawEnv);
    const script = earlyReadsScript(earlyReadPlan(env.supabaseUrl, env.supabaseAnonKey, (file) => routeChunks(bundle, file, base), env.imageTransforms));
    // The API is another origin: its connection (DNS, TCP, TLS) is opened while the HTML is still parsed.
    return `<link rel="preconnect" href="${escapeHtml(new URL(env.supabaseUrl).origin)}" crossorigin>\n    <script>${script}</script>`;
  };
  return {
    name: 'djcircle-early-reads',
    configResolved(config) {
      rawEnv = config.env;
      base = config.base;
    },
    async transformIndexHtml(html: string, ctx: IndexHtmlTransformContext) {
      if (!html.includes(EARLY_READS_PLACEHOLDER)) throw new Error(`early reads: index.html has no ${EARLY_READS_PLACEHOLDER}`);
      markup ??= build(ctx.bundle);
      const early = await markup;
      return html.replace(EARLY_READS_PLACEHOLDER, () => early);
    },
  };
}
