import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const features = [
  'auth', 'profiles', 'directory', 'discussions', 'blog', 'search', 'admin', 'notifications',
  'presence', 'content', 'payments', 'support', 'bot', 'static-pages', 'share', 'home', 'settings',
  'contact', 'push', 'offline',
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.local', 'src/routeTree.gen.ts', 'test-results', 'playwright-report', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // An expression-bodied effect returns whatever the call returns, and React calls a returned
      // value as the cleanup: Chromium 156's scrollIntoView returns a Promise, which crashed unmounts.
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression[body.type!='BlockStatement'][body.type!='ArrowFunctionExpression']",
        message: 'Give effects a block body, so a call\'s return value is never taken as the cleanup.',
      }, {
        selector: "CallExpression[callee.property.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression[body.type!='BlockStatement'][body.type!='ArrowFunctionExpression']",
        message: 'Give effects a block body, so a call\'s return value is never taken as the cleanup.',
      }],
      // Code flows one way: routes -> features -> shared; features never import each other.
      'import-x/no-restricted-paths': ['error', {
        zones: [
          ...features.map((f) => ({
            target: `./src/features/${f}`,
            from: './src/features',
            except: [`./${f}`],
            message: 'A feature must not import another feature.',
          })),
          ...['db', 'lib', 'components', 'stores'].map((shared) => ({
            target: `./src/${shared}`,
            from: ['./src/features', './src/routes', './src/app'],
            message: 'Shared code must not import features, routes or the app.',
          })),
        ],
      }],
    },
  },
);
