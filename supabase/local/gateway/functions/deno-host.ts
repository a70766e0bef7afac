/**
 * Runs inside Deno, one process per edge function: imports the function's entry point, takes the
 * handler it gives `Deno.serve` (as Supabase's edge runtime does) and serves it on a free loopback
 * port, which it reports to the gateway as one JSON line on stdout.
 *
 * Usage: deno run <permissions> --config <import map> deno-host.ts <entry file URL>
 */
import { FUNCTION_MESSAGES } from './messages.ts';

type Handler = (req: Request) => Response | Promise<Response>;

interface ServeOptions {
  hostname?: string;
  port?: number;
  handler?: Handler;
  onListen?: (addr: { hostname: string; port: number }) => void;
}

/** The part of Deno's API this host uses; declared here because the stack's own code is type-checked for Node. */
interface DenoLike {
  args: string[];
  serve: (...args: unknown[]) => unknown;
  stdin: { readable: ReadableStream<Uint8Array> };
  exit(code: number): never;
}

const deno = (globalThis as unknown as { Deno: DenoLike }).Deno;
const realServe = deno.serve.bind(deno);
const [entry] = deno.args;
if (!entry) throw new Error('deno-host: missing the function entry point');

// The gateway holds this process's stdin open: when it ends (the stack stopped or was killed), so does the function.
void (async () => {
  const reader = deno.stdin.readable.getReader();
  while (!(await reader.read()).done);
  deno.exit(0);
})();

let captured: Handler | undefined;
// `Deno.serve(handler)`, `Deno.serve(options, handler)` and `Deno.serve({ handler })` all name the handler.
deno.serve = (...args: unknown[]) => {
  const handler = args.find((a): a is Handler => typeof a === 'function') ?? (args[0] as ServeOptions | undefined)?.handler;
  if (!captured && handler) captured = handler;
  return { finished: new Promise(() => undefined), shutdown: async () => undefined, ref() {}, unref() {}, addr: { hostname: '127.0.0.1', port: 0 } };
};

let loadError: unknown;
try {
  await import(entry);
} catch (err) {
  loadError = err;
  console.error('[deno-host] the function failed to load:', err);
}

const crashed = (): Response =>
  new Response(JSON.stringify({ error: FUNCTION_MESSAGES.crashed }), {
    status: 500,
    headers: { 'Content-Type': 'application/json', 'X-Function-Host': 'crashed' },
  });

realServe(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }: { port: number }) => console.log(JSON.stringify({ ready: port })),
  },
  async (req: Request): Promise<Response> => {
    if (loadError || !captured) {
      if (!loadError) console.error('[deno-host] the function never called Deno.serve');
      return crashed();
    }
    try {
      const response = await captured(req);
      if (!(response instanceof Response)) throw new Error('the handler did not return a Response');
      return response;
    } catch (err) {
      console.error('[deno-host] the function threw:', err);
      return crashed();
    }
  },
);
