import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The text files of a console build worth compressing, with the type they are served as. */
export const COMPRESSIBLE_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Below this a compressed body saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

export interface CompressedFile {
  type: string;
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

interface CacheEntry {
  /** mtime and size of the file when it was read: a rebuild while the server runs replaces the entry. */
  version: string;
  file: Promise<CompressedFile>;
}

/**
 * The build's text files in memory with their br and gzip forms, read once per version of the file. The
 * build's own `<file>.br` / `<file>.gz` (written at build time by apps/web/scripts/precompress.ts, at the
 * highest levels) are taken when they are as new as the file; without them the server compresses the file
 * itself the first time it is asked for (at quick levels, off the event loop) and keeps the result. The
 * build is a bounded set of files, so the cache is too.
 */
export class CompressedFiles {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly distDir: string) {}

  static isCompressible(file: string): boolean {
    return path.extname(file) in COMPRESSIBLE_TYPES;
  }

  /** The file (relative to the build) with its encodings; rejects when it cannot be read. */
  async get(relative: string): Promise<CompressedFile> {
    const full = path.join(this.distDir, relative);
    const info = await stat(full);
    const version = `${info.mtimeMs}:${info.size}`;
    const cached = this.cache.get(relative);
    if (cached?.version === version) return cached.file;
    const file = this.load(full, info.mtimeMs);
    this.cache.set(relative, { version, file });
    // A failed read is not kept: the next request tries again.
    file.catch(() => {
      if (this.cache.get(relative)?.file === file) this.cache.delete(relative);
    });
    return file;
  }

  private async load(full: string, mtimeMs: number): Promise<CompressedFile> {
    const identity = await readFile(full);
    const type = COMPRESSIBLE_TYPES[path.extname(full)] ?? 'application/octet-stream';
    const etag = `"${createHash('sha1').update(identity).digest('base64url').slice(0, 27)}"`;
    if (identity.length < MIN_COMPRESS_BYTES) return { type, etag, identity };
    const [br, gz] = await Promise.all([
      readPrecompressed(`${full}.br`, mtimeMs).then(
        (built) =>
          built ??
          brotli(identity, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          }),
      ),
      readPrecompressed(`${full}.gz`, mtimeMs).then((built) => built ?? gzipAsync(identity, { level: 6 })),
    ]);
    return {
      type,
      etag,
      identity,
      // A compressed form that is not smaller is not worth the decoding.
      ...(br.length < identity.length ? { br } : {}),
      ...(gz.length < identity.length ? { gzip: gz } : {}),
    };
  }
}

/** The build's precompressed sibling when it is at least as new as the file, else null. */
async function readPrecompressed(sibling: string, fileMtimeMs: number): Promise<Buffer | null> {
  try {
    const info = await stat(sibling);
    return info.isFile() && info.mtimeMs >= fileMtimeMs ? await readFile(sibling) : null;
  } catch {
    return null;
  }
}

/**
 * The encoding to answer with for an Accept-Encoding header (RFC 9110 12.5.3): the acceptable one with the
 * highest weight among those the file has, br before gzip on a tie, none (identity) when neither is
 * acceptable. `*` stands for any encoding not named; `q=0` refuses.
 */
export function chooseEncoding(header: string | undefined, available: Encoding[]): Encoding | null {
  if (!header || available.length === 0) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if (!available.includes(encoding)) continue;
    const q =
      weights.get(encoding) ??
      (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ??
      weights.get('*') ??
      0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}
