/**
 * `npm run parity:clients [suite ...]`: the Supabase client libraries' own integration suites, at the version the app
 * uses, against the local stack. Each suite gets a fresh stack serving that suite's own `supabase/` folder (its
 * config.toml, migrations, seed and functions) on port 54321 with the Supabase CLI's demo JWT secret and keys, which is
 * what `supabase start --workdir` gives it and what the suites hard-code. The suites run unchanged, with their own
 * jest configuration. Prints passed / failed per suite and every failing test's name; exits 1 if any failed.
 *
 * The suites come from a clone of github.com/supabase/supabase-js (`SUPABASE_JS_REPO`, a git directory; otherwise
 * cloned once into .local/client-suites). Takes minutes, so it is not part of `npm test`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { startStack } from '../supabase/local/stack';
import { freePort, ROOT, TEST_STACK_AUTH_ENV } from '../tests/support/stack-process';

/** The Supabase CLI's local secret; the suites sign their own tokens with it. */
const CLI_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** The CLI's demo API keys never expire before this (their `exp`), and carry no `iat`. */
const CLI_KEY_EXPIRY = 1983812996;
const API_PORT = 54321;
const DB_PORT = 54322;

interface Suite {
  /** the package under packages/core */
  pkg: string;
  /** the folder holding the suite's `supabase/`, relative to the package */
  project: string;
  /** test files that talk to a running Supabase, relative to the package (the rest are unit tests with mocks) */
  files: string[];
  /** scripts (relative to the package) the suite's own test setup runs before `supabase start` */
  before?: string[];
  /**
   * files run in a second jest run once the others are done: their tests need a feature the stack lacks and fail
   * before their own clean-up, so the rows they leave would change what the files after them count
   */
  last?: string[];
}

const SUITES: Record<string, Suite> = {
  'postgrest-js': {
    pkg: 'postgrest-js',
    project: 'test',
    files: [
      'test/basic.test.ts',
      'test/filters.test.ts',
      'test/transforms.test.ts',
      'test/rpc.test.ts',
      'test/advanced_rpc.test.ts',
      'test/resource-embedding.test.ts',
      'test/relationships.test.ts',
      'test/relationships-join-operations.test.ts',
      'test/relationships-spread-operations.test.ts',
      'test/relationships-aggregate-operations.test.ts',
      'test/relationships-error-handling.test.ts',
      'test/embeded_functions_join.test.ts',
      'test/max-affected.test.ts',
      'test/headers-serialization.test.ts',
    ],
    // `maxAffected` needs PostgREST 13 (see supabase/local/README.md)
    last: ['test/max-affected.test.ts'],
  },
  'storage-js': {
    pkg: 'storage-js',
    project: 'test',
    files: ['test/storageFileApi.test.ts', 'test/storageBucketApi.test.ts', 'test/storageApi.test.ts', 'test/storageFileApiNode.test.ts'],
  },
  'auth-js': {
    pkg: 'auth-js',
    project: 'test',
    files: ['test/GoTrueClient.test.ts', 'test/GoTrueApi.test.ts'],
    // writes test/supabase/signing_keys.json (an RS256 key), which its config.toml names as `signing_keys_path`
    before: ['test/generate-signing-keys.js'],
  },
  'supabase-js': { pkg: 'supabase-js', project: '.', files: ['test/integration.test.ts'] },
};

/** The suites' runner and their own dev dependencies the app does not have, at the versions their package.json files ask for. */
const SUITE_DEPENDENCIES = [
  'jest@30.4.2',
  // their catalog's compiler; found before the app's own, which is newer than ts-jest supports
  'typescript@~5.8.3',
  'ts-jest@^29.4.9',
  '@jest/types@^30.0.0',
  '@types/jest@30.0.0',
  // jest reads a jest.config.ts through ts-node
  'ts-node@^10.9.2',
  'jsonwebtoken@^9.0.0',
  '@types/jsonwebtoken@^8.5.8',
  '@faker-js/faker@^9.9.0',
  // postgrest-js's tests import its types (RequiredDeep); the app's older copy would be found otherwise
  'type-fest@^4.32.0',
];

const WORK = join(ROOT, '.local', 'client-suites');

/**
 * Test files to leave out (`PARITY_EXCLUDE=test/a.test.ts,...`): a file whose tests fail before their own clean-up
 * leaves rows that the files after it count, so leaving it out shows which of those fail on their own.
 */
const excluded = (process.env.PARITY_EXCLUDE ?? '').split(',').filter(Boolean);

/**
 * What the suites' fixtures take for granted: their migrations create tables in `public` and rely on the default
 * privileges the CLI used to give the API roles. A project created today has none, so its owner grants them, as here
 * (the same three privileges the CLI's `auto_expose_new_tables = false` revokes), once the migrations and seed are in.
 * The grant reloads PostgREST's schema cache like any other DDL.
 */
const SUITE_FIXTURE_GRANTS = `
grant select, insert, update, delete on all tables in schema public to anon, authenticated, service_role;
grant usage, select on all sequences in schema public to anon, authenticated, service_role;
grant execute on all functions in schema public to anon, authenticated, service_role;
`;

async function grantFixtureTables({ status }: { status: { DB_URL: string } }): Promise<void> {
  const client = new pg.Client({ connectionString: status.DB_URL });
  await client.connect();
  try {
    await client.query(SUITE_FIXTURE_GRANTS);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], cwd = ROOT): void {
  execFileSync(command, args, { cwd, stdio: 'inherit' });
}

/** The packages' sources and tests at `tag`, extracted under .local so the app's node_modules resolve for them. */
function extract(tag: string): string {
  const target = join(WORK, tag);
  // The packages' tsconfigs extend the root's, which the test transform reads.
  if (existsSync(join(target, 'tsconfig.base.json'))) return target;
  let repo = process.env.SUPABASE_JS_REPO;
  if (!repo) {
    repo = join(WORK, 'supabase-js.git');
    if (!existsSync(repo)) run('git', ['clone', '--bare', '--filter=blob:none', 'https://github.com/supabase/supabase-js.git', repo]);
  }
  mkdirSync(target, { recursive: true });
  const archive = spawnSync(
    'git',
    [
      '--git-dir',
      repo.endsWith('.git') || existsSync(join(repo, 'HEAD')) ? repo : join(repo, '.git'),
      'archive',
      tag,
      'packages/core',
      'packages/shared',
      'tsconfig.base.json',
      'tsconfig.json',
    ],
    {
      maxBuffer: 1024 * 1024 * 1024,
    },
  );
  if (archive.status !== 0) throw new Error(`git archive ${tag} failed: ${archive.stderr.toString()}`);
  spawnSync('tar', ['-x', '-C', target], { input: archive.stdout });
  return target;
}

/**
 * The monorepo's unpublished workspace packages the clients import (tracing), built and linked where their
 * imports resolve, as the monorepo's install and build do.
 */
function linkWorkspacePackages(source: string): void {
  const linked = join(source, 'node_modules', '@supabase', 'tracing');
  if (existsSync(linked)) return;
  const dir = join(source, 'packages', 'shared', 'tracing');
  const tsc = join(WORK, 'node_modules', 'typescript', 'bin', 'tsc');
  for (const project of ['tsconfig.json', 'tsconfig.module.json']) run(process.execPath, [tsc, '-p', join(dir, project)], dir);
  mkdirSync(join(source, 'node_modules', '@supabase'), { recursive: true });
  symlinkSync(dir, linked, 'dir');
}

/** Installed at the major version the suite asks for (another package's dependency may have put an older one there first). */
function installed(spec: string): boolean {
  const at = spec.lastIndexOf('@');
  const manifest = join(WORK, 'node_modules', spec.slice(0, at), 'package.json');
  if (!existsSync(manifest)) return false;
  const major = (version: string) => /\d+/.exec(version)?.[0];
  return major((JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version) === major(spec.slice(at + 1));
}

function installSuiteDependencies(): void {
  if (SUITE_DEPENDENCIES.every(installed)) return;
  writeFileSync(join(WORK, 'package.json'), JSON.stringify({ private: true }));
  run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', WORK, ...SUITE_DEPENDENCIES]);
}

async function cliKey(role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(CLI_KEY_EXPIRY)
    .sign(new TextEncoder().encode(CLI_JWT_SECRET));
}

interface Outcome {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
  /** why the suite could not run at all (its own supabase/ folder does not apply here) */
  notRun?: string;
}

interface JestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string }[] }[];
}

async function runSuite(name: string, suite: Suite, source: string): Promise<Outcome> {
  const pkgDir = join(source, 'packages', 'core', suite.pkg);
  const localDir = join(WORK, 'stack', name);
  rmSync(localDir, { recursive: true, force: true });
  mkdirSync(localDir, { recursive: true });
  // The stack keeps the keys it finds in its data directory: these are the CLI's.
  writeFileSync(
    join(localDir, 'keys.json'),
    JSON.stringify({ jwtSecret: CLI_JWT_SECRET, anonKey: await cliKey('anon'), serviceRoleKey: await cliKey('service_role'), extra: {} }),
  );
  for (const script of suite.before ?? []) run(process.execPath, [join(pkgDir, script)], pkgDir);
  // The suites call without an apikey where `supabase start`'s gateway lets them (it checks none; hosted does).
  Object.assign(process.env, TEST_STACK_AUTH_ENV, { SUPABASE_DB_FSYNC: 'off', SUPABASE_REQUIRE_API_KEY: 'false' });
  let stack: Awaited<ReturnType<typeof startStack>>;
  try {
    stack = await startStack({
      projectDir: join(pkgDir, suite.project),
      localDir,
      apiPort: API_PORT,
      dbPort: DB_PORT,
      postgrestPort: await freePort(),
      afterStart: process.env.PARITY_NO_GRANTS ? [] : [grantFixtureTables],
      log: (line) => console.log(`[stack:${name}] ${line}`),
    });
  } catch (error) {
    // A suite whose migrations do what a hosted project refuses (the stack refuses them the same way).
    return { passed: 0, failed: 0, skipped: 0, failures: [], notRun: (error as Error).message.split('\n')[0] };
  }
  const config = ['jest.config.ts', 'jest.config.js'].map((file) => join(pkgDir, file)).find((file) => existsSync(file));
  const included = suite.files.filter((file) => !excluded.includes(file));
  const batches = [included.filter((file) => !suite.last?.includes(file)), included.filter((file) => suite.last?.includes(file))];
  const outcome: Outcome = { passed: 0, failed: 0, skipped: 0, failures: [] };
  try {
    for (const [index, files] of batches.entries()) {
      if (files.length === 0) continue;
      const report = join(WORK, `${name}${index === 0 ? '' : `-${index}`}.json`);
      rmSync(report, { force: true });
      // Not spawnSync: the stack's gateway runs in this process and must keep answering.
      const child = spawn(
        process.execPath,
        [
          // The suites expect a global WebSocket (Node 22 has one); Node 20 has it behind this flag.
          ...('WebSocket' in globalThis ? [] : ['--experimental-websocket']),
          join(WORK, 'node_modules', 'jest', 'bin', 'jest.js'),
          ...(config ? ['--config', config] : []),
          '--rootDir',
          pkgDir,
          '--runInBand',
          '--ci',
          '--coverage=false',
          // Some suites leave a realtime socket or timer open; their result is written by then.
          '--forceExit',
          '--json',
          `--outputFile=${report}`,
          '--runTestsByPath',
          ...files.map((file) => join(pkgDir, file)),
        ],
        { cwd: pkgDir, stdio: 'inherit' },
      );
      await new Promise((resolve) => child.once('exit', resolve));
      if (!existsSync(report)) {
        outcome.failed += 1;
        outcome.failures.push(`${name}: ${files.join(', ')} did not run`);
        continue;
      }
      const json = JSON.parse(readFileSync(report, 'utf8')) as JestJson;
      const failures = json.testResults.flatMap((file) => {
        const tests = file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${suite.pkg}: ${t.fullName}`);
        // A file that failed before any test ran (an import, a hook) has no test results of its own.
        return tests.length === 0 && file.message ? [`${suite.pkg}: ${file.name.slice(pkgDir.length + 1)}: ${file.message.split('\n')[0]}`] : tests;
      });
      outcome.passed += json.numPassedTests;
      outcome.failed += Math.max(json.numFailedTests, failures.length);
      outcome.skipped += json.numPendingTests + json.numTodoTests;
      outcome.failures.push(...failures);
    }
  } finally {
    await stack.stop();
  }
  return outcome;
}

const version = (createRequire(import.meta.url)('@supabase/supabase-js/package.json') as { version: string }).version;
const tag = `v${version}`;
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in SUITES));
if (unknown.length > 0) {
  console.error(`unknown suite ${unknown.join(', ')}: choose from ${Object.keys(SUITES).join(', ')}`);
  process.exit(2);
}
mkdirSync(WORK, { recursive: true });
const source = extract(tag);
installSuiteDependencies();
linkWorkspacePackages(source);
const results: [string, Outcome][] = [];
for (const name of wanted.length > 0 ? wanted : Object.keys(SUITES)) results.push([name, await runSuite(name, SUITES[name], source)]);

console.log(`\nClient suites at supabase-js ${tag} against the local stack:`);
for (const [name, r] of results)
  console.log(
    `  ${name.padEnd(12)} ${r.notRun ? `not run: ${r.notRun}` : `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`}`,
  );
for (const [, r] of results) for (const f of r.failures) console.log(`  ✗ ${f}`);
process.exit(results.some(([, r]) => r.failed > 0) ? 1 : 0);
