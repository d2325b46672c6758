// Part of `npm run lint`: fails on an import cycle inside a workspace, type-only imports included.
// import-x's no-cycle (in eslint.config.js) skips `import type` and has no option not to, yet a type-only
// cycle is the same tangle for a reader (issue 13 found ten in the simulators). This follows every static
// `import`/`export ... from` of a relative or `@/` (the console's src) path and reports each strongly
// connected group of files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx)$/;
const SKIP = new Set(['node_modules', 'dist', '.vite']);
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/g;

function sourceFiles(dir, into = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name)) sourceFiles(path, into);
    } else if (SOURCE.test(entry.name)) into.push(path);
  }
  return into;
}

/** The file an import names, or null when it is a package or not found. */
function resolveImport(from, specifier, aliasRoot) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@/') && aliasRoot) base = join(aliasRoot, specifier.slice(2));
  else return null;
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && SOURCE.test(candidate)) return candidate;
  }
  return null;
}

/** The groups of files under `dir` that import each other in a circle (Tarjan's strongly connected parts). */
export function findCycles(dir, aliasRoot = null) {
  const graph = new Map();
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const [, specifier] of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, specifier, aliasRoot);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1)
      groups.push(group.map((f) => ({ file: f, imports: graph.get(f).filter((t) => group.includes(t)) })));
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

function workspaces() {
  const found = [];
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      const dir = join(root, group, entry.name);
      if (entry.isDirectory() && existsSync(join(dir, 'package.json'))) found.push(dir);
    }
  }
  return found;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let count = 0;
  for (const dir of workspaces()) {
    const alias = existsSync(join(dir, 'src')) && dir.endsWith(join('apps', 'web')) ? join(dir, 'src') : null;
    for (const group of findCycles(dir, alias)) {
      count += 1;
      console.error(`import cycle (${group.length} files, type-only imports included):`);
      for (const { file, imports } of group)
        console.error(`  ${relative(root, file)} -> ${imports.map((t) => relative(root, t)).join(', ')}`);
    }
  }
  if (count > 0) {
    console.error(`${count} import cycle(s): move the shared types or code into a file both sides import.`);
    process.exitCode = 1;
  } else console.log('import cycles: none (type-only imports included)');
}
