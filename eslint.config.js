import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import floors from './eslint/import-floors.js';
import { MAX_FILE_LINES, MAX_FUNCTION_LINES, OVER_LIMIT } from './eslint/size-limits.js';

const CSV_WRITERS = ['csv-stringify', 'csv-stringify/sync'].map((name) => ({
  name,
  message: 'Write CSV with formulaSafeCsv from lib/csv.ts (formula injection).',
}));

/** How the size limits count: code only, not blank lines or comments. */
const counted = { skipBlankLines: true, skipComments: true };
const SOURCES = [
  'apps/*/src/**/*.{ts,tsx}',
  'apps/server/scripts/**/*.ts',
  'packages/*/src/**/*.ts',
];
const NOT_HELD = ['**/*.test.{ts,tsx}', '**/test/**', '**/migrations/**'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The domain package is pure: no I/O, no framework.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'fastify',
                '@fastify/*',
                'drizzle-orm*',
                'pg',
                'node:*',
                '@crewdesk/server',
                '@crewdesk/web',
              ],
              message: 'packages/domain must stay free of I/O and frameworks.',
            },
          ],
        },
      ],
    },
  },
  {
    // The service worker (shell and push) runs in a worker's scope, not a page's.
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Runs in the page before the app (the theme's class), as a classic script.
    files: ['apps/web/public/theme.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@crewdesk/server', '**/apps/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
          paths: [
            {
              name: '@crewdesk/domain',
              importNames: ['formatUsd'],
              message:
                "Amounts are shown in the business's currency: formatAmount from '@/lib/money'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests compare with the calculator's own figures in US dollars (the default currency).
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // ARCHITECTURE.md, web floors: shared (components, lib, test helpers) → entities → features
    // → app. Features never import each other; an entity may use another entity (the job dialog
    // picks a customer and a team member).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { floors },
    rules: {
      'floors/imports': [
        'error',
        {
          base: 'apps/web/src',
          aliases: { '@/': 'apps/web/src/' },
          elements: [
            { type: 'app', pattern: 'app' },
            { type: 'features', pattern: 'features/*' },
            { type: 'entities', pattern: 'entities/*' },
            { type: 'shared', pattern: 'components' },
            { type: 'shared', pattern: 'lib' },
            { type: 'shared', pattern: 'test' },
          ],
          allow: {
            app: ['features', 'entities', 'shared'],
            features: ['entities', 'shared'],
            entities: ['entities', 'shared'],
            shared: ['shared'],
          },
        },
      ],
    },
  },
  {
    // The server's floors (ARCHITECTURE.md, docs/decisions/015): a module reaches another only
    // through its index.ts; plugins, db, lib, config and background import no module. Tests
    // are held too: a module's tests may use its own inside, never another module's.
    files: ['apps/server/src/**/*.ts'],
    plugins: { floors },
    rules: {
      'floors/imports': [
        'error',
        {
          base: 'apps/server/src',
          elements: [
            { type: 'main', pattern: 'main.ts' },
            { type: 'app', pattern: 'app.ts' },
            { type: 'config', pattern: 'config.ts' },
            { type: 'module', pattern: 'modules/*', face: true },
            { type: 'plugin', pattern: 'plugins' },
            { type: 'background', pattern: 'background' },
            { type: 'db', pattern: 'db' },
            { type: 'lib', pattern: 'lib' },
          ],
          allow: {
            // main is the top floor; it prepares the job queue once before forking (decision 023).
            main: ['app', 'background', 'config', 'db', 'lib'],
            app: ['module', 'plugin', 'background', 'db', 'lib', 'config'],
            module: ['module', 'plugin', 'background', 'db', 'lib', 'config'],
            plugin: ['db', 'lib', 'config'],
            background: ['db', 'lib', 'config'],
            db: ['lib', 'config'],
            lib: ['config'],
          },
        },
      ],
    },
  },
  {
    // Size limits (eslint/size-limits.js, issue 44): files and functions, code lines only.
    files: SOURCES,
    ignores: NOT_HELD,
    rules: {
      'max-lines': ['error', { max: MAX_FILE_LINES, ...counted }],
      'max-lines-per-function': ['error', { max: MAX_FUNCTION_LINES, ...counted, IIFEs: true }],
    },
  },
  // The files over a limit today, each held at its own size: it may shrink, never grow.
  ...Object.entries(OVER_LIMIT).map(([file, held]) => ({
    files: [file],
    rules: {
      ...(held.lines ? { 'max-lines': ['error', { max: held.lines, ...counted }] } : {}),
      ...(held.functionLines
        ? {
            'max-lines-per-function': [
              'error',
              { max: held.functionLines, ...counted, IIFEs: true },
            ],
          }
        : {}),
    },
  })),
  {
    // Every CSV the app writes goes through the one formula-safe writer (issue 16).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/csv.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: CSV_WRITERS }] },
  },
  {
    // Queries live in a module's repositories (issue 44): its use cases, routes and views call
    // them. Left out: the data export's table-generic code, the ledger dispatcher's notify in its
    // own transaction, and the health check's one statement.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      '**/*.repo.ts',
      '**/*.test.ts',
      'apps/server/src/modules/data-export/**',
      'apps/server/src/modules/events/dispatcher.ts',
      'apps/server/src/modules/health/health.routes.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...CSV_WRITERS,
            { name: 'drizzle-orm', message: "Queries live in the module's *.repo.ts files." },
          ],
        },
      ],
    },
  },
);
