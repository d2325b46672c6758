import path from 'node:path';

import { build, type Metafile, type Plugin } from 'esbuild';

import { DIST, ENTRY_POINTS, ROOT } from './layout.ts';
import { isWorkspacePackage, packageOf, readWorkspaces } from './workspaces.ts';

/**
 * Workspace packages are bundled from their TypeScript source; every other bare import (npm packages, node's
 * modules) stays an import that `npm ci --omit=dev` satisfies on the host. esbuild's `packages: 'external'`
 * would leave the workspace packages out too, and their source is not on the host.
 */
function externalNpmPackages(): Plugin {
  const workspaces = readWorkspaces();
  return {
    name: 'external-npm-packages',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
        isWorkspacePackage(packageOf(args.path), workspaces)
          ? undefined
          : { path: args.path, external: true },
      );
    },
  };
}

/**
 * Bundles each process of ENTRY_POINTS into `<outdir>/<name>.js` (ES module, source map beside it) and returns
 * esbuild's metafile (every input and the imports it left external). `write: false` only computes it.
 */
export async function bundleApps(options: { outdir?: string; write?: boolean } = {}): Promise<Metafile> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(
      Object.entries(ENTRY_POINTS).map(([name, file]) => [name, path.join(ROOT, file)]),
    ),
    outdir: options.outdir ?? DIST,
    write: options.write ?? true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // Names stay as written: stack traces and logs name the functions and classes of the source.
    keepNames: true,
    plugins: [externalNpmPackages()],
    metafile: true,
    logLevel: 'warning',
  });
  return result.metafile;
}
