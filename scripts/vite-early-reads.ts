import { fileURLToPath } from 'node:url';
import { runnerImport, type HtmlTagDescriptor, type IndexHtmlTransformContext, type Plugin, type Rollup } from 'vite';

type PlanModule = typeof import('../src/app/early-read-plan');
type EarlyReadsModule = typeof import('../src/lib/early-reads');
type EnvModule = typeof import('../src/lib/env');

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
  const root = chunks.find((c) => c.facadeModuleId?.startsWith(`${SRC}/${routeFile}?`) && c.facadeModuleId.includes('split=component'));
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

/**
 * Writes the early read into index.html's head: a preconnect to the project's API, and the inline script that
 * starts a shared link's first requests before the app's JavaScript has arrived (src/lib/early-reads.ts).
 * The plan comes from the app's own modules, evaluated here, so the page and the app cannot disagree.
 */
export function earlyReadsPlugin(): Plugin {
  let rawEnv: Record<string, unknown> = {};
  let base = '/';
  let tags: Promise<HtmlTagDescriptor[]> | undefined;
  const build = async (bundle: Rollup.OutputBundle | undefined): Promise<HtmlTagDescriptor[]> => {
    const [{ earlyReadPlan }, { earlyReadsScript }, { parseEnv }] = await Promise.all([
      appModule<PlanModule>('app/early-read-plan.ts'),
      appModule<EarlyReadsModule>('lib/early-reads.ts'),
      appModule<EnvModule>('lib/env.ts'),
    ]);
    const env = parseEnv(rawEnv);
    return [
      // The API is another origin: its connection (DNS, TCP, TLS) is opened while the HTML is still parsed.
      { tag: 'link', attrs: { rel: 'preconnect', href: new URL(env.supabaseUrl).origin, crossorigin: '' }, injectTo: 'head' },
      {
        tag: 'script',
        children: earlyReadsScript(earlyReadPlan(env.supabaseUrl, env.supabaseAnonKey, (file) => routeChunks(bundle, file, base))),
        injectTo: 'head',
      },
    ];
  };
  return {
    name: 'djcircle-early-reads',
    configResolved(config) {
      rawEnv = config.env;
      base = config.base;
    },
    transformIndexHtml(_html: string, ctx: IndexHtmlTransformContext) {
      tags ??= build(ctx.bundle);
      return tags;
    },
  };
}
