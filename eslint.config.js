import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';

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

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'test-artifacts/**'] },
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
