import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { ROOT } from './layout.ts';

export interface Workspace {
  name: string;
  /** Its folder relative to the repository, e.g. `apps/server`. */
  dir: string;
  dependencies: Set<string>;
  devDependencies: Set<string>;
}

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** Every workspace of the repository (packages/*, apps/*) with its package.json's dependency lists. */
export function readWorkspaces(root: string = ROOT): Workspace[] {
  const found: Workspace[] = [];
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(path.join(root, group), { withFileTypes: true })) {
      const manifestPath = path.join(root, group, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
      found.push({
        name: manifest.name,
        dir: `${group}/${entry.name}`,
        dependencies: new Set(Object.keys(manifest.dependencies ?? {})),
        devDependencies: new Set(Object.keys(manifest.devDependencies ?? {})),
      });
    }
  }
  return found;
}

/** True for an import of another workspace (bundled from its source, never installed from the registry). */
export function isWorkspacePackage(name: string, workspaces: readonly Workspace[]): boolean {
  return workspaces.some((workspace) => workspace.name === name);
}

/** The package an import names: `pg-boss` of `pg-boss/x`, `@fastify/static` of `@fastify/static/y`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The workspace a file (relative to the repository) belongs to, or undefined. */
export function workspaceOf(file: string, workspaces: readonly Workspace[]): Workspace | undefined {
  return workspaces.find((workspace) => file.startsWith(`${workspace.dir}/`));
}
