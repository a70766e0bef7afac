/** A function module's handler: one web Request in, one Response out, in Deno and in Node alike. */
export type Handler = (req: Request) => Response | Promise<Response>;

interface DenoServeLike {
  serve(handler: Handler): unknown;
}

/**
 * Starts serving under Deno (Supabase's edge runtime, and the local stack's). Tests that import a
 * function under Node call its default export instead, so this does nothing there.
 */
export function serveWhenDeno(handler: Handler): void {
  const deno = (globalThis as { Deno?: DenoServeLike }).Deno;
  if (deno) deno.serve(handler);
}
