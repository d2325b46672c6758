import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The text files a build emits; images and fonts are compressed already. */
const TEXT_FILE = /\.(html|m?js|css|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed body saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of the build, when
 * smaller than the file. The server (apps/server/src/http/compressed-files.ts) answers with them by the
 * browser's Accept-Encoding instead of compressing at run time; any other static host can do the same
 * (nginx `gzip_static` / `brotli_static`).
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'toydesk-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const jobs: Array<Promise<void>> = [];
      for await (const file of walk(outDir)) {
        if (!TEXT_FILE.test(file)) continue;
        jobs.push(
          (async () => {
            if ((await stat(file)).size < MIN_BYTES) return;
            const body = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(body, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              gzipAsync(body, { level: 9 }),
            ]);
            // Written after the file, so they are as new as it: the server takes them only then.
            if (br.length < body.length) await writeFile(`${file}.br`, br);
            if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
