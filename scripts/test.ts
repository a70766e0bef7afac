/**
 * `npm test`: prerequisites, typecheck, lint, unit, db/stack and e2e tests.
 * Every step runs even when an earlier one fails, and the run ends with one line
 * `N passed, N failed` summing all runners.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureChromium, ensurePostgres } from './prerequisites';

interface Tally {
  passed: number;
  failed: number;
  /** What failed (and what passed only on retry), named, so the run's last lines say which. */
  failures: string[];
  flaky: string[];
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
    tally.failures.push(name);
    console.log(`--- ${name} FAILED`);
  }
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTestSuites: number;
  numFailedTestSuites: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string }>;
  }>;
}

async function vitest(project: string, tally: Tally): Promise<void> {
  console.log(`\n=== vitest: ${project} ===`);
  const file = join(outDir, `vitest-${project}.json`);
  const code = await npx(['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  if (!existsSync(file)) {
    tally.failed += 1;
    tally.failures.push(`vitest ${project}: no report (exit ${code})`);
    console.log(`--- vitest ${project} produced no report (exit ${code})`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJson;
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  // A file that failed to load has no assertion results but must still count as a failure.
  const broken = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0);
  tally.failed += broken.length;
  for (const file of report.testResults) {
    const where = relative(root, file.name);
    if (file.status === 'failed' && file.assertionResults.length === 0) tally.failures.push(`${project} ${where}: did not load`);
    for (const test of file.assertionResults) {
      if (test.status === 'failed') tally.failures.push(`${project} ${where} > ${test.fullName}`);
    }
  }
  if (code !== 0 && report.numFailedTests === 0 && broken.length === 0) {
    tally.failed += 1;
    tally.failures.push(`vitest ${project}: exit ${code}`);
  }
}

interface PlaywrightSuite {
  title: string;
  specs?: Array<{ title: string; file: string; line: number; tests: Array<{ status: string }> }>;
  suites?: PlaywrightSuite[];
}

interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: Array<{ message?: string }>;
  suites?: PlaywrightSuite[];
}

function collectPlaywright(suites: PlaywrightSuite[], tally: Tally): void {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      const name = `e2e ${spec.file}:${spec.line} > ${spec.title}`;
      for (const test of spec.tests) {
        if (test.status === 'unexpected') tally.failures.push(name);
        if (test.status === 'flaky') tally.flaky.push(name);
      }
    }
    collectPlaywright(suite.suites ?? [], tally);
  }
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
  collectPlaywright(report.suites ?? [], tally);
  for (const error of report.errors) tally.failures.push(`e2e: ${(error.message ?? 'error').split('\n')[0]}`);
  if (code !== 0 && report.stats.unexpected === 0 && report.errors.length === 0) {
    tally.failed += 1;
    tally.failures.push(`playwright: exit ${code}`);
  }
}

const hasE2e = existsSync(join(root, 'tests', 'e2e')) && readdirSync(join(root, 'tests', 'e2e')).some((f) => f.endsWith('.spec.ts'));
const tally: Tally = { passed: 0, failed: 0, failures: [], flaky: [] };

await check('prerequisites', () => (ensurePostgres() && (!hasE2e || ensureChromium()) ? 0 : 1), tally);
await check('typecheck', () => run('npm', ['run', '--silent', 'typecheck']), tally);
await check('lint', () => run('npm', ['run', '--silent', 'lint']), tally);
await vitest('unit', tally);
await vitest('db', tally);
if (hasE2e) await playwright(tally);

if (tally.flaky.length > 0) console.log(`\nPassed on retry:\n${tally.flaky.map((n) => `  ${n}`).join('\n')}`);
if (tally.failures.length > 0) console.log(`\nFailed:\n${tally.failures.map((n) => `  ${n}`).join('\n')}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 ? 0 : 1);
