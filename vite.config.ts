import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyReadsPlugin, firstScreenChunks } from './scripts/vite-early-reads.ts';
import { precompressedAssets } from './scripts/vite-precompressed.ts';
import { webAppManifest } from './scripts/vite-web-manifest.ts';

const firstScreens = firstScreenChunks();

export default defineConfig(({ command }) => ({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  plugins: [
    // Must run before the React plugin so route components are split into their own chunks.
    // Generator options live in tsr.config.json, shared with scripts/gen-routes.ts.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    earlyReadsPlugin(),
    firstScreens.plugin,
    ...precompressedAssets(command),
    webAppManifest(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registration is ours (src/app/pwa), through workbox-window, to drive the update prompt.
      injectRegister: false,
      // manifest.webmanifest (top level, copied by webAppManifest) is served as it is; the app links it once its first screen is shown
      // (src/app/pwa/web-app-manifest.ts), so a first visit does not fetch it and its icons before that screen.
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // The social preview image is for link unfurlers and the screenshots for the install sheet, not for the installed app.
        globIgnores: ['og-image.png', 'screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // One self-contained classic script: every browser that has service workers can run it.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one file instead of about 20: each module script the worker
        // serves costs the main thread a fetch and a task, and a 4x-throttled offline cold start of the hub
        // measured 1,323 ms against 1,172 ms with one file (medians of 9, side by side). The bytes are the same.
        // The server-first screens' routes are grouped too (see firstScreenChunks); the entry's modules stay the entry's.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], priority: 3 }, ...firstScreens.groups] },
      },
    },
  },
  preview: { port: 4173, strictPort: true },
}));
