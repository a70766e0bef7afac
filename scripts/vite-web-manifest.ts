/**
 * The web app manifest lives at the repository's top level (manifest.webmanifest); the build copies it to the site's
 * root and the dev server answers it there, so the app and the service worker's precache find it where they did.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const SOURCE = new URL('../manifest.webmanifest', import.meta.url);
const SERVED_AS = 'manifest.webmanifest';

export function webAppManifest(): Plugin {
  return {
    name: 'djcircle-web-app-manifest',
    configureServer(server) {
      server.middlewares.use(`/${SERVED_AS}`, (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync(SOURCE));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SERVED_AS, source: readFileSync(SOURCE) });
    },
  };
}
