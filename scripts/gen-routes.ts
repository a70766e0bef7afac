/**
 * Writes src/routeTree.gen.ts (git-ignored) without running Vite, so that
 * `tsc` works in a fresh clone: `npx tsx scripts/gen-routes.ts`.
 */
import { Generator, getConfig } from '@tanstack/router-generator';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Reads tsr.config.json, the same options the Vite plugin uses.
const config = getConfig({}, root);
await new Generator({ config, root }).run();
console.log(`route tree written to ${config.generatedRouteTree}`);
