import path from 'node:path';

/** The repository (the checkout a build is made in). */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The build output: everything a host needs besides the package manifests and `npm ci --omit=dev`. */
export const DIST = path.join(ROOT, 'dist');

/** The processes (and the `vault:rotate` command), each one bundle `dist/<name>.js` run with plain node. */
export const ENTRY_POINTS = {
  server: 'apps/server/src/main.ts',
  bots: 'apps/bots/src/main-bots.ts',
  worker: 'apps/bots/src/main-worker.ts',
  demo: 'apps/demo/src/main.ts',
  'vault-rotate': 'apps/server/src/vault/rotate-main.ts',
} as const;

export type EntryName = keyof typeof ENTRY_POINTS;

/**
 * Files the code reads at run time through paths relative to its own module (`import.meta.url`). A bundle
 * is one module in `dist/`, so each lands at the same relative path from there: `migrate.ts` reads
 * `./migrations`, `item-catalogue.ts` reads `./cs2-items.json`. The console is `dist/web`, where
 * apps/server's web-console.ts looks first.
 */
export const RUNTIME_FILES: readonly { from: string; to: string }[] = [
  { from: 'packages/db/src/migrations', to: 'migrations' },
  { from: 'apps/demo/src/data/cs2-items.json', to: 'cs2-items.json' },
  { from: 'apps/web/dist', to: 'web' },
];

/** Written last by a build: its time is the build's (staleness), its presence says the build finished. */
export const BUILD_STAMP = path.join(DIST, 'build-info.json');

/** What the bundles are made from: a change to any of these makes the build stale. */
export const BUILD_INPUTS = [
  'packages',
  'apps/server/src',
  'apps/bots/src',
  'apps/demo/src',
  'apps/server/package.json',
  'apps/bots/package.json',
  'apps/demo/package.json',
  'package.json',
  'package-lock.json',
  'deploy/build',
].map((input) => path.join(ROOT, input));
