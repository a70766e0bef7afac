/** The part of Deno's API these helpers use; declared here so the code type-checks under Node too. */
interface DenoEnvLike {
  env: { get(name: string): string | undefined };
}

interface ProcessLike {
  env: Record<string, string | undefined>;
}

/** An environment variable under Deno (Supabase and the local stack) or Node (tests that import a function). */
export function getEnv(name: string): string | undefined {
  const deno = (globalThis as { Deno?: DenoEnvLike }).Deno;
  if (deno) return deno.env.get(name) ?? undefined;
  return (globalThis as { process?: ProcessLike }).process?.env[name];
}

/** Like getEnv, but a missing or empty variable is a configuration error worth failing loudly on. */
export function requireEnv(name: string): string {
  const value = getEnv(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
