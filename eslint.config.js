import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'examples/*/dist',
      'server/build',
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
            {
              target: './examples',
              from: './server',
              message: "Examples use the web app's providers and contract/, never the server.",
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
              target: './src/lib',
              from: ['./src/hooks', './src/components', './src/pages', './src/layout', './src/providers'],
              message: 'src/lib holds pure rules: screens, hooks and providers use it, never the reverse.',
            },
            {
              target: './src/components',
              from: './src/pages',
              message: 'Components are reused by pages; a component never imports a page.',
            },
            { target: './contract', from: './src', message: 'contract/ imports nothing from either half.' },
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
    files: ['src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'examples/*/src/**/*.{ts,tsx}'],
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
      '*.config.{js,ts}',
      'examples/*/*.config.{js,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
);
