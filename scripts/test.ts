/**
 * `npm test`: prerequisites, typecheck, lint, unit, db/stack and e2e tests.
 * Every step runs even when an earlier one fails, and the run ends with one line
 * `N passed, N failed` summing all runners.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensurePostgres } from './prerequisites';

interface Tally {
  passed: number;
  failed: number;
}

const root = process.cwd();
const outDir = join(root, '.local', 'test-reports');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const npx = (args: string[], env?: NodeJS.ProcessEnv) => run('npx', ['--no-install', ...args], env);

/** A step with no runner of its own counts as one check. */
async function check(name: string, fn: () => Promise<number> | number, tally: Tally): Promise<void> {
  console.log(`\n=== ${name} ===`);
  const code = await fn();
  if (code === 0) tally.passed += 1;
  else {
    tally.failed += 1;
    console.log(`--- ${name} FAILED`);
  }
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTestSuites: number;
  numFailedTestSuites: number;
  testResults: Array<{ status: string; message?: string; assertionResults: unknown[] }>;
}

async function vitest(project: string, tally: Tally): Promise<void> {
  console.log(`\n=== vitest: ${project} ===`);
  const file = join(outDir, `vitest-${project}.json`);
  const code = await npx(['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  if (!existsSync(file)) {
    tally.failed += 1;
    console.log(`--- vitest ${project} produced no report (exit ${code})`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJson;
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  // A file that failed to load has no assertion results but must still count as a failure.
  const brokenFiles = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  tally.failed += brokenFiles;
  if (code !== 0 && report.numFailedTests === 0 && brokenFiles === 0) tally.failed += 1;
}

interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: unknown[];
}

async function playwright(tally: Tally): Promise<void> {
  console.log('\n=== playwright (e2e) ===');
  const file = join(outDir, 'playwright.json');
  const code = await npx(['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  if (!existsSync(file)) {
    tally.failed += 1;
    console.log(`--- playwright produced no report (exit ${code})`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightJson;
  tally.passed += report.stats.expected + report.stats.flaky;
  tally.failed += report.stats.unexpected + report.errors.length;
  if (code !== 0 && report.stats.unexpected === 0 && report.errors.length === 0) tally.failed += 1;
}

const hasE2e = existsSync(join(root, 'tests', 'e2e')) && readdirSync(join(root, 'tests', 'e2e')).some((f) => f.endsWith('.spec.ts'));
const tally: Tally = { passed: 0, failed: 0 };

await check('prerequisites', () => (ensurePostgres() && (!hasE2e || ensureChromium()) ? 0 : 1), tally);
await check('typecheck', () => run('npm', ['run', '--silent', 'typecheck']), tally);
await check('lint', () => run('npm', ['run', '--silent', 'lint']), tally);
await vitest('unit', tally);
await vitest('db', tally);
if (hasE2e) await playwright(tally);

console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 ? 0 : 1);
