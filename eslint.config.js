import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

/** Every folder under src/features is a feature: a new one is covered by the boundary rules without editing this file. */
const features = readdirSync(join(root, 'src', 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The one file of supabase/functions the app may import: what the browser and the functions must agree on. */
const sharedWithFunctions = './_shared/app-contract.ts';

// An expression-bodied effect returns whatever the call returns, and React calls a returned
// value as the cleanup: Chromium 156's scrollIntoView returns a Promise, which crashed unmounts.
const effectBodies = [
  {
    selector:
      "CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression[body.type!='BlockStatement'][body.type!='ArrowFunctionExpression']",
    message: "Give effects a block body, so a call's return value is never taken as the cleanup.",
  },
  {
    selector:
      "CallExpression[callee.property.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression[body.type!='BlockStatement'][body.type!='ArrowFunctionExpression']",
    message: "Give effects a block body, so a call's return value is never taken as the cleanup.",
  },
];

/**
 * One way to write the local store: features, routes and the app write replicated rows with mutate()
 * (src/db/mutate.ts) and local-only ones with src/db's named functions (drafts.ts, pinning.ts), never
 * with a collection's or document's own write methods. A server call (`client.from(t).insert(...)`,
 * `storage.from(bucket).remove(...)`) is not a store write; neither is an element's classList.
 */
const storeWriteMethods =
  'insert|bulkInsert|upsert|bulkUpsert|incrementalUpsert|patch|incrementalPatch|modify|incrementalModify|update|incrementalUpdate|remove|incrementalRemove|bulkRemove';
const directStoreWrite = {
  selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${storeWriteMethods})$/]:not([callee.object.callee.property.name='from']):not([callee.object.property.name='classList'])`,
  message: 'Write the local store through mutate() (src/db/mutate.ts) or a named function in src/db (drafts.ts, pinning.ts), never directly.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.local',
      'src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
      'dev-dist',
      // Files that break the boundary rules on purpose; tests/unit/lint-boundaries.test.ts lints them.
      'tests/unit/fixtures/boundaries',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      // Which files import-x parses to follow imports (TypeScript's extensions, with typescript-eslint's parser);
      // without them it never reads a .ts dependency and no-cycle finds nothing.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': importX.flatConfigs.typescript.settings['import-x/external-module-folders'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      // Without a resolver that knows the `@/` alias and TypeScript's extensions, import-x resolves
      // nothing and every boundary rule passes silently.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['tsconfig.json', 'tsconfig.node.json', 'tsconfig.sw.json'].map((f) => join(root, f)),
        }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...effectBodies],
      // Code flows one way: routes and app -> features -> shared; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'A feature must not import another feature.',
            })),
            ...['db', 'lib', 'launch', 'components', 'stores'].map((shared) => ({
              target: `./src/${shared}`,
              from: ['./src/features', './src/routes', './src/app'],
              message: 'Shared code must not import features, routes or the app.',
            })),
            // Within shared code, lib is the floor and the store sits on it; the launch (src/launch) decides when
            // the store opens and reads the server first, so it sits on both and neither reaches up to it.
            {
              target: './src/lib',
              from: ['./src/db', './src/launch', './src/components'],
              message: 'src/lib is the bottom layer: it must not import the store, the launch or components.',
            },
            {
              target: './src/db',
              from: './src/launch',
              message: 'The store must not import the launch: the launch tells it when to open (openStoreWhen).',
            },
            {
              target: './src/features',
              from: ['./src/routes', './src/app'],
              message: 'A feature must not import routes or the app: they import features, not the other way.',
            },
            ...['./src', './sw'].map((target) => ({
              target,
              from: './supabase/functions',
              except: [sharedWithFunctions],
              message: `The app may import only supabase/functions/${sharedWithFunctions.slice(2)} from the edge functions.`,
            })),
            {
              target: './supabase/local',
              from: ['./src', './sw', './supabase/functions', './supabase/seed', './scripts', './tests'],
              message:
                'The local stack is a package of its own: the project reaches it through options (projectDir, extraKeys, afterStart), never the other way.',
            },
          ],
        },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The sync engine stays readable as named steps: a longer function there is split, not grown.
    files: ['src/db/replication/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // One way to the local store: the shared loadDatabase() promise, or useDatabase() in a component.
    files: ['src/features/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...effectBodies, directStoreWrite],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/db/database',
              importNames: ['getDatabase', 'createAppDatabase'],
              message: 'Reach the database with useDatabase() (src/db/hooks/use-database.ts) or loadDatabase() (src/db/load-database.ts).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
