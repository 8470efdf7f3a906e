import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Feature folders small enough to stay flat (no lib/, hooks/, components/, pages/ inside). */
const FLAT_FEATURES = ['sequences', 'home', 'settings', 'about', 'errors'];
/** Pure rules: every lib/ folder, and the plain modules (not hooks) of a flat feature folder. */
const PURE_MODULES = [
  'src/**/lib/**',
  `src/{${FLAT_FEATURES.join(',')}}/!(use*).ts`,
  'packages/client/src/lib/**',
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'examples/*/dist',
      'packages/*/dist',
      'server/build',
      'server/.test-build-*',
      'node_modules',
      'data',
      'coverage',
      'tests/e2e/screenshots',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.node.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Two halves, one contract: src/ and server/ share only contract/ (docs/architecture.md).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src',
              from: './server',
              message: 'The web app shares only contract/ with the server.',
            },
            {
              target: './tests',
              from: './server',
              except: [],
              message: 'Web-app tests may not import the server.',
            },
            {
              target: './server',
              from: './src',
              message: 'The server shares only contract/ with the web app.',
            },
            { target: './server', from: './tests', message: 'The server may not import web-app tests.' },
            // crudboard's client (packages/client, `@crudboard/client`) is published on its own: it
            // builds on contract/ only, never on the web app, the server or the tests.
            {
              target: './packages',
              from: ['./src', './server', './tests', './examples'],
              message: '@crudboard/client is a package of its own: it imports contract/ only.',
            },
            {
              target: './packages/client/src/lib',
              from: './packages/client/src/*.ts',
              message: "The client's lib/ holds pure rules: its providers use them, never the reverse.",
            },
            {
              target: './examples',
              from: './server',
              message: 'Examples use `@crudboard/client` and contract/, never the server.',
            },
            {
              target: './server/src/model',
              from: './server/src',
              except: ['./model'],
              message: 'server/src/model holds plain shapes: it imports contract/ only.',
            },
            {
              target: './server/src/dialects',
              from: ['./server/src/services', './server/src/routes', './server/src/plugins'],
              message:
                'dialects/ is the floor layer: services, routes and plugins call it, never the reverse.',
            },
            {
              target: './server/src/query',
              from: ['./server/src/services', './server/src/routes', './server/src/plugins'],
              message: 'query/ is pure: services and routes call it, never the reverse.',
            },
            {
              target: './server/src/services',
              from: './server/src/routes',
              message: 'services/ do the work routes ask for: routes call services, never the reverse.',
            },
            // The web app's layers, the same in every feature folder (src/README.md): a `lib/`
            // folder, and a flat feature folder's plain modules, hold pure rules. They import no
            // React module (components, pages, layout, fields: every .tsx), no hook and no provider.
            // The patterns name kinds of files rather than folders so that they also hold in flat
            // feature folders, and do not overlap (an overlap would report an import twice).
            {
              target: PURE_MODULES.map((glob) => `./${glob}`),
              from: ['./src/**/*.tsx', './src/**/use*.ts', './src/providers/*.ts'],
              message: 'lib/ holds pure rules: screens, hooks and providers use it, never the reverse.',
            },
            // A routed page is imported by the router (src/App.tsx, src/RefineApp.tsx) only: no
            // component, hook or other feature reaches into a page.
            {
              target: './src/*/**',
              from: ['./src/*/pages/**', './src/*/*Page.tsx'],
              message:
                'A page is imported by the router only; share what two screens need through components, hooks or lib/.',
            },
            {
              target: './contract',
              from: ['./src', './packages'],
              message: 'contract/ imports nothing from either half.',
            },
            {
              target: './contract',
              from: './server',
              message: 'contract/ imports nothing from either half.',
            },
          ],
        },
      ],
    },
  },
  {
    // Pure rules run without React, antd, Refine or an HTTP client (their types are fine).
    files: PURE_MODULES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'react-router', 'antd', 'axios'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'lib/ holds pure rules: no React, antd, Refine or HTTP code (types are fine).',
          })),
          patterns: [
            {
              group: ['@refinedev/*', '@ant-design/*', 'antd/*', 'react-dom/*'],
              allowTypeImports: true,
              message: 'lib/ holds pure rules: no React, antd, Refine or HTTP code (types are fine).',
            },
          ],
        },
      ],
    },
  },
  {
    // The providers (src/providers/, @crudboard/client) are the only web code that speaks HTTP:
    // screens, hooks and rules reach the server through Refine's hooks and the providers' calls.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/providers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'axios',
              message:
                'Only src/providers/ and @crudboard/client speak HTTP: use a Refine hook or a provider call.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'EventSource', 'WebSocket'].map((name) => ({
          name,
          message:
            'Only src/providers/ and @crudboard/client speak HTTP: use a Refine hook or a provider call.',
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['fetch', 'XMLHttpRequest'].map((property) => ({
          object: 'window',
          property,
          message:
            'Only src/providers/ and @crudboard/client speak HTTP: use a Refine hook or a provider call.',
        })),
        {
          object: 'navigator',
          property: 'sendBeacon',
          message:
            'Only src/providers/ and @crudboard/client speak HTTP: use a Refine hook or a provider call.',
        },
      ],
    },
  },
  {
    // Database differences live in dialects/: elsewhere the server asks the SqlDialect object.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/dialects/**', 'server/src/db/**', 'server/src/config.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'BinaryExpression[operator=/^[!=]==$/] > Literal[value=/^(pg|mysql|sqlite|postgres)$/]',
          message:
            'Ask the SqlDialect (sqlDialect(client), server/src/dialects/sql) instead of comparing database names.',
        },
        {
          selector: 'SwitchCase > Literal[value=/^(pg|mysql|sqlite)$/]',
          message:
            'Ask the SqlDialect (sqlDialect(client), server/src/dialects/sql) instead of switching on database names.',
        },
      ],
    },
  },
  {
    // A module never reaches itself through its imports (type-only imports do not count).
    files: ['src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [
      'src/**/*.{ts,tsx}',
      'tests/**/*.{ts,tsx}',
      'examples/*/src/**/*.{ts,tsx}',
      'packages/*/src/**/*.ts',
    ],
    ignores: ['tests/e2e/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [
      'server/**/*.ts',
      'tests/e2e/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      '*.config.{js,ts}',
      'examples/*/*.config.{js,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
);
