import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium; Playwright's own browser download is not available here. */
export function systemChromium(): string | undefined {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// Default: a fresh local stack and a build pointed at it (tests/support/e2e-global-setup.ts, which sets E2E_BASE_URL).
// E2E_STACK=0: a build with no backend behind it, served by `vite preview`, for the shell tests.
const useStack = process.env.E2E_STACK !== '0';
const port = Number(process.env.SHELL_E2E_PORT ?? 4173);
const shellOutDir = '.local/e2e-shell-dist';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  // One retry in CI: a journey that fails twice still fails the run; one that passes on retry is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalSetup: useStack ? './tests/support/e2e-global-setup.ts' : undefined,
  webServer: useStack
    ? undefined
    : {
        command: `npx vite build --outDir ${shellOutDir} --emptyOutDir && npx vite preview --outDir ${shellOutDir} --host 127.0.0.1 --port ${port} --strictPort`,
        url: `http://127.0.0.1:${port}`,
        // Port 9 (discard): the shell tests must pass with no backend answering.
        env: { VITE_SUPABASE_URL: 'http://127.0.0.1:9', VITE_SUPABASE_ANON_KEY: 'shell-tests-have-no-backend' },
        reuseExistingServer: !process.env.CI,
        timeout: 240_000,
      },
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // With the stack, the global setup adds the address-bar popup's features to Playwright's disabled ones
        // (tests/support/chromium-args.ts): that popup's renderer took a core of this 2-core host per new tab.
        launchOptions: {
          executablePath: systemChromium(),
          args: process.env.E2E_CHROMIUM_ARGS ? (JSON.parse(process.env.E2E_CHROMIUM_ARGS) as string[]) : CHROMIUM_ARGS,
        },
      },
    },
  ],
});
