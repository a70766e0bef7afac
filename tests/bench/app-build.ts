/** Build-side figures of the app benchmark: gzip size of JavaScript files and the service worker's precache. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function gzipBytes(distDir: string, urlPath: string): number {
  const file = join(distDir, decodeURIComponent(urlPath.replace(/^\//, '')));
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

/** The precache manifest vite-plugin-pwa injected into sw.js: its URLs and their total size on disk. */
export function precacheSize(distDir: string): { entries: number; bytes: number; gzipBytes: number } {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = new Set<string>();
  for (const match of sw.matchAll(/url:\s*"([^"]+)"|"url":\s*"([^"]+)"|url:'([^']+)'/g)) urls.add(match[1] ?? match[2] ?? match[3]);
  let bytes = 0;
  let gzip = 0;
  for (const url of urls) {
    const file = join(distDir, url.replace(/^\//, ''));
    if (!existsSync(file)) continue;
    bytes += statSync(file).size;
    gzip += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return { entries: urls.size, bytes, gzipBytes: gzip };
}
