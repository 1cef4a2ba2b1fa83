import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

// Layers point down: routes → http → services → db; lib and schemas are isomorphic; components import server
// modules for their types only. Each zone lists what its files must not import (aliased or relative).
const layer = (from, message) => ({ regex: from, message, allowTypeImports: false });
const SERVER = '\\.server(\\.tsx?)?$';
const zones = [
  {
    files: ['app/services/**'],
    patterns: [
      layer('(^#app/|/)(routes|components|http)/', 'Services sit below routes, components and http: pass typed input in, return a Result.'),
      layer(
        '^(react-router|@react-router/)',
        'Services know nothing of React Router: take typed input, return a Result; routes turn it into HTTP.',
      ),
      layer('^(#server/|(\\.\\./)+server/)', 'Services sit below the server: the server calls them, never the other way.'),
    ],
  },
  {
    files: ['app/lib/**', 'app/schemas/**'],
    patterns: [
      layer(
        '(^#app/|/)(services|db|http|routes|components)/',
        'lib and schemas run in the browser too: they import nothing server-side or above them.',
      ),
      layer(SERVER, 'lib and schemas run in the browser too: no .server modules.'),
      layer('^node:', 'lib and schemas run in the browser too: no Node built-ins.'),
    ],
  },
  {
    files: ['app/db/**'],
    patterns: [
      layer('(^#app/|/)(services|http|routes|components)/', 'db is the bottom layer: it never imports services or anything above them.'),
    ],
  },
  {
    files: ['app/http/**'],
    patterns: [layer('(^#app/|/)(routes|components)/', 'http helpers sit below routes and components.')],
  },
  {
    files: ['app/components/**'],
    patterns: [
      {
        ...layer('(^#app/|/)(services|db|http)/', 'Components import server modules for their types only (import type …).'),
        allowTypeImports: true,
      },
      { ...layer(SERVER, 'Components import server modules for their types only (import type …).'), allowTypeImports: true },
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      'reports/',
      '.react-router/',
      'node_modules/',
      'data/',
      '.e2e-data/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'simple-import-sort': simpleImportSort },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      // One import order everywhere (packages, then #app aliases, then relative), fixed by `npm run format`.
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
    },
  },
  ...zones.map(({ files, patterns }) => ({
    files,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  })),
  {
    // React Router's internals are used in one file alone, pinned by a contract test (decision 022).
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['server/public/react-router.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'MemberExpression[property.name=/^_internal|^serverHandoff/]',
          'Property[key.name=/^_internal|^serverHandoff|^normalizePath$/]',
          "Literal[value='DataWithResponseInit']",
        ].map((selector) => ({ selector, message: "React Router's internals are used in server/public/react-router.ts alone." })),
      ],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', setInterval: 'readonly', URL: 'readonly' },
    },
  },
);
