import { isBuiltin } from 'node:module';

import type { Metafile } from 'esbuild';

import { packageOf, readWorkspaces, workspaceOf, type Workspace } from './workspaces.ts';

/** An import the host must install: not node's own, nor esbuild's helpers (`<runtime>`, inlined). */
function isPackageImport(imported: { path: string; external?: boolean }): boolean {
  return imported.external === true && !isBuiltin(imported.path) && !imported.path.startsWith('<');
}

/** An npm package a bundled file imports that its workspace does not list in `dependencies`. */
export interface MissingDependency {
  workspace: string;
  file: string;
  imports: string;
}

/**
 * Every package the bundles import at run time, checked against the `dependencies` (not devDependencies) of
 * the workspace whose file imports it: `npm ci --omit=dev` installs exactly those.
 */
export function missingProductionDependencies(
  metafile: Metafile,
  workspaces: readonly Workspace[] = readWorkspaces(),
): MissingDependency[] {
  const missing: MissingDependency[] = [];
  for (const [file, input] of Object.entries(metafile.inputs)) {
    const workspace = workspaceOf(file, workspaces);
    for (const imported of input.imports) {
      if (!isPackageImport(imported)) continue;
      const name = packageOf(imported.path);
      if (workspace?.dependencies.has(name)) continue;
      missing.push({ workspace: workspace?.name ?? '(none)', file, imports: name });
    }
  }
  return missing;
}

/** The npm packages the bundles import, for the report of a check. */
export function importedPackages(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    for (const imported of input.imports) {
      if (isPackageImport(imported)) names.add(packageOf(imported.path));
    }
  }
  return [...names].sort();
}
