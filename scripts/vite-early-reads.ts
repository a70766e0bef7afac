import { fileURLToPath } from 'node:url';
import { runnerImport, type HtmlTagDescriptor, type Plugin } from 'vite';

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
 * Writes the early read into index.html's head: a preconnect to the project's API, and the inline script that
 * starts a shared link's first requests before the app's JavaScript has arrived (src/lib/early-reads.ts).
 * The plan comes from the app's own modules, evaluated here, so the page and the app cannot disagree.
 */
export function earlyReadsPlugin(): Plugin {
  let rawEnv: Record<string, unknown> = {};
  let tags: Promise<HtmlTagDescriptor[]> | undefined;
  const build = async (): Promise<HtmlTagDescriptor[]> => {
    const [{ earlyReadPlan }, { earlyReadsScript }, { parseEnv }] = await Promise.all([
      appModule<PlanModule>('app/early-read-plan.ts'),
      appModule<EarlyReadsModule>('lib/early-reads.ts'),
      appModule<EnvModule>('lib/env.ts'),
    ]);
    const env = parseEnv(rawEnv);
    return [
      // The API is another origin: its connection (DNS, TCP, TLS) is opened while the HTML is still parsed.
      { tag: 'link', attrs: { rel: 'preconnect', href: new URL(env.supabaseUrl).origin, crossorigin: '' }, injectTo: 'head' },
      { tag: 'script', children: earlyReadsScript(earlyReadPlan(env.supabaseUrl, env.supabaseAnonKey)), injectTo: 'head' },
    ];
  };
  return {
    name: 'djcircle-early-reads',
    configResolved(config) {
      rawEnv = config.env;
    },
    transformIndexHtml() {
      tags ??= build();
      return tags;
    },
  };
}
