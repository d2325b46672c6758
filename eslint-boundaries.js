// The import boundaries of every workspace (docs/architecture.md, "Import rules"), as
// import-x/no-restricted-paths zones. They are computed from the folders and package.json files, so a new
// workspace or console feature is covered without editing this file. Zones match resolved file paths: a
// package name (`@toydesk/server`) and a relative path into another workspace (`../../server/src/...`) are
// caught alike.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = import.meta.dirname;
const abs = (...parts) => resolve(root, ...parts);

/** Test code: may import test helpers, simulators and a workspace's devDependencies. */
export const TEST_FILES = [
  '**/*.test.{ts,tsx}',
  '**/testing/**',
  '**/bench/**',
  'apps/web/e2e/**',
  'apps/web/src/test/**',
];

/** Production code that may start simulators: the demo launcher (apps/demo). */
const MAY_RUN_SIMULATORS = new Set(['@toydesk/demo', '@toydesk/simulators']);

/** Apps that may import other apps: the demo launcher starts the server and the bot services. */
const APP_IMPORTS_ALLOWED = { '@toydesk/demo': new Set(['@toydesk/server', '@toydesk/bots']) };

/**
 * Boundaries the main branch still crosses while issue 13's moves land, each with what removes it: the
 * files named may import `to` (every other zone still holds for them). Empty is the goal.
 */
const PENDING = [];

/** TEST_FILES as one expression, for the file names of PENDING. */
const isTestFile = (file) => /\.test\.tsx?$|(^|\/)(testing|bench)\/|^apps\/web\/(e2e|src\/test)\//.test(file);

function readWorkspaces() {
  const found = [];
  for (const group of ['packages', 'apps']) {
    for (const dir of readdirSync(abs(group), { withFileTypes: true })) {
      const manifest = join(abs(group), dir.name, 'package.json');
      if (!dir.isDirectory() || !existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      found.push({
        name: pkg.name,
        dir: `${group}/${dir.name}`,
        isApp: group === 'apps',
        deps: new Set(Object.keys(pkg.dependencies ?? {})),
        devDeps: new Set(Object.keys(pkg.devDependencies ?? {})),
      });
    }
  }
  return found;
}

const WORKSPACES = readWorkspaces();

/** Why `from` may not import `to` whatever their package.json files say, or null. */
function policy(from, to, production) {
  if (from.isApp && to.isApp) {
    if (APP_IMPORTS_ALLOWED[from.name]?.has(to.name)) return null;
    // Tests and benchmarks may start the whole product the way `npm start` does: through the demo launcher.
    if (!production && to.name === '@toydesk/demo') return null;
    return `An app never imports another app (${from.name} -> ${to.name}): shared code goes to a package.`;
  }
  if (!from.isApp && to.isApp) return `A package never imports an app (${from.name} -> ${to.name}).`;
  if (production && from.name === '@toydesk/web' && to.name !== '@toydesk/contract') {
    return 'The console imports @toydesk/contract only among the packages (apps/web/README.md).';
  }
  return null;
}

function zonesFor(from, production, allowed = new Set()) {
  const zones = [];
  for (const to of WORKSPACES) {
    if (to === from || allowed.has(to.name)) continue;
    const declared = from.deps.has(to.name) || (!production && from.devDeps.has(to.name));
    const why =
      policy(from, to, production) ??
      (declared
        ? null
        : `${from.name} does not declare ${to.name} in its package.json${production ? ' dependencies' : ''}.`);
    const simulators = production && to.name === '@toydesk/simulators' && !MAY_RUN_SIMULATORS.has(from.name);
    if (!why && !simulators) continue;
    zones.push({
      from: abs(to.dir),
      message:
        why ??
        'Production code never imports @toydesk/simulators: only the demo launcher and tests start simulators.',
    });
  }
  if (production) {
    zones.push({
      from: abs('**/testing/**'),
      message: 'Production code never imports a testing/ folder (test helpers are for tests only).',
    });
  }
  return zones;
}

/** The console's features never import each other; src/app composes them (bulletproof-react). */
function featureBlocks(web) {
  const features = abs('apps/web/src/features');
  if (!web || !existsSync(features)) return [];
  const names = readdirSync(features, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return names.flatMap((name) => {
    const others = {
      from: names.filter((other) => other !== name).map((other) => join(features, other)),
      message:
        'A console feature never imports another feature: shared code goes to src/components or src/lib.',
    };
    const files = [`apps/web/src/features/${name}/**/*.{ts,tsx}`];
    return [
      { files, ignores: TEST_FILES, rules: zoneRule([...zonesFor(web, true), others]) },
      {
        files: TEST_FILES.map((glob) => `apps/web/src/features/${name}/${glob}`),
        rules: zoneRule([...zonesFor(web, false), others]),
      },
    ];
  });
}

// The flat-config block's `files` choose the importing files; a zone's target is then the whole repository.
const zoneRule = (zones) => ({
  'import-x/no-restricted-paths': ['error', { zones: zones.map((zone) => ({ target: root, ...zone })) }],
});

/** One flat-config block per workspace and kind of file (production, tests), then the pending crossings. */
export function boundaryConfigs() {
  const blocks = [];
  for (const ws of WORKSPACES) {
    blocks.push({
      files: [`${ws.dir}/**/*.{ts,tsx}`],
      ignores: TEST_FILES,
      rules: zoneRule(zonesFor(ws, true)),
    });
    blocks.push({
      files: TEST_FILES.map((glob) => `${ws.dir}/${glob}`),
      rules: zoneRule(zonesFor(ws, false)),
    });
  }
  blocks.push(...featureBlocks(WORKSPACES.find((w) => w.name === '@toydesk/web')));
  // A pending crossing lifts one zone for the files named, not the file's other zones.
  const skipped = new Map();
  for (const { from, to, files } of PENDING) {
    for (const file of files) {
      const entry = skipped.get(file) ?? { from, to: new Set() };
      entry.to.add(to);
      skipped.set(file, entry);
    }
  }
  for (const [file, { from, to }] of skipped) {
    const ws = WORKSPACES.find((w) => w.name === from);
    if (ws) blocks.push({ files: [file], rules: zoneRule(zonesFor(ws, !isTestFile(file), to)) });
  }
  return blocks;
}
