import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

import { boundaryConfigs, TEST_FILES } from './eslint-boundaries.js';

// The preset's settings without its legacy resolver entry: resolver-next below replaces it.
const importXTypeScript = Object.fromEntries(
  Object.entries(importX.flatConfigs.typescript.settings).filter(([key]) => key !== 'import-x/resolver'),
);

/** apps/web may import @toydesk/contract and its own dependencies: never the server, never Node built-ins. */
const consoleImportLimits = [
  {
    group: ['**/apps/server/**', '**/server/src/**', '@toydesk/server', '@toydesk/server/*', 'node:*'],
    message: 'The console imports @toydesk/contract and its own dependencies only (apps/web/README.md).',
  },
];
/** bulletproof-react's one-way flow: app -> features -> components/lib/config. */
const noAppImports = { group: ['@/app/*', '@/app/**'], message: 'Only src/app composes the app.' };
const noFeatureImports = {
  group: ['@/features/*', '@/features/**'],
  message: 'Features are composed in src/app; shared code goes to src/components or src/lib.',
};

/** A statement's start, as app code would write one to a database (upper-case keywords). */
const SQL_TEXT = String.raw`/\b(SELECT\s|INSERT\s+INTO\s|DELETE\s+FROM\s|UPDATE\s+[a-z_]+\s+SET\s|WITH\s+[a-z_]+\s+AS\s*\()/`;
const SQL_MESSAGE =
  'SQL belongs in packages/db (a repository function, typed from the contract); call it from here.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-artifacts/**',
      // The peer benchmark's raw-limit server: plain node outside the workspaces (its README says why).
      'apps/server/bench/drf-peer/raw/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    languageOptions: {
      // Typed rules (no-floating-promises): each file is checked with the nearest tsconfig.json.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    settings: {
      // import-x reads the imported files too (for no-cycle): as TypeScript, found by the TypeScript resolver.
      ...importXTypeScript,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // A promise nobody awaits loses its error (an unhandled rejection) and its ordering: await it, or
      // write `void` with a comment saying why nobody waits.
      '@typescript-eslint/no-floating-promises': 'error',
      // Type-only imports are erased and do not count; a value import circle is an error.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  ...boundaryConfigs(),
  {
    // SQL lives in packages/db: its repositories and migrations (issue 13). An app's production code calls
    // them; a statement written in an app's source fails here. Tests, test helpers and benches may seed.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `TemplateElement[value.raw=${SQL_TEXT}]`, message: SQL_MESSAGE },
        { selector: `Literal[value=${SQL_TEXT}]`, message: SQL_MESSAGE },
      ],
    },
  },
  {
    // The Node scripts of the repository (this file, scripts/): plain JavaScript run by Node.
    files: ['*.js', 'scripts/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A React Compiler warning; the console is not compiled by it (TanStack Virtual and Table are flagged).
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: consoleImportLimits }] },
  },
  {
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...consoleImportLimits, noAppImports, noFeatureImports] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...consoleImportLimits, noAppImports, noFeatureImports] },
      ],
    },
  },
);
