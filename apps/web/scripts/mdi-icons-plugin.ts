import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Plugin } from 'vite';

const PREFIX = 'virtual:mdi-icon/';
const RESOLVED = '\0mdi-icon/';
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@mdi\/js['"];?/g;

/**
 * `@mdi/js` is one module of every icon: Rollup never splits a module, so every icon any screen uses sat in
 * the entry chunk beside the shell's (12.6 KB of path data loaded by the first screen, bench:web's 350 KB
 * gzip target). This build step turns each `import { mdiX } from '@mdi/js'` of the console's sources into
 * one small module per icon, which Rollup then puts with the chunks that use it. The paths are the
 * package's own; the tests and the dev server keep importing the package.
 */
export function mdiIconsPlugin(): Plugin {
  let paths: Map<string, string> | null = null;
  const iconPaths = () => {
    if (!paths) {
      const file = createRequire(import.meta.url).resolve('@mdi/js/mdi.js');
      paths = new Map(
        [...readFileSync(file, 'utf8').matchAll(/export var (mdi\w+) = "([^"]*)";/g)].map(
          ([, name, path]) => [name!, path!],
        ),
      );
    }
    return paths;
  };
  return {
    name: 'toydesk-mdi-icons',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.tsx?$/.test(id) || !code.includes('@mdi/js')) return null;
      // The same number of lines as the import replaced: the module's other lines keep their numbers.
      const out = code.replace(IMPORT, (whole: string, names: string) =>
        names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => {
            const [imported, local = imported] = name.split(/\s+as\s+/);
            return `import { ${imported} as ${local} } from '${PREFIX}${imported}';`;
          })
          .join(' ')
          .concat('\n'.repeat(whole.split('\n').length - 1)),
      );
      return out === code ? null : { code: out, map: null };
    },
    resolveId: (source) => (source.startsWith(PREFIX) ? RESOLVED + source.slice(PREFIX.length) : null),
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const name = id.slice(RESOLVED.length);
      const path = iconPaths().get(name);
      if (path === undefined) throw new Error(`@mdi/js has no icon ${name}`);
      return `export const ${name} = ${JSON.stringify(path)};`;
    },
  };
}
