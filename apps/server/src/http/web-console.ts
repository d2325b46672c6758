import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { chooseEncoding, CompressedFiles, type Encoding } from './compressed-files.ts';

/**
 * The console's build. Run from the build (`dist/server.js`, one module) it is `dist/web` beside it; run from
 * the source it is apps/web/dist (`npm run build:web`), beside this app in the workspace.
 */
const BUNDLED_CONSOLE = fileURLToPath(new URL('./web', import.meta.url));
export const WEB_CONSOLE_DIST = existsSync(BUNDLED_CONSOLE)
  ? BUNDLED_CONSOLE
  : fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Paths that belong to the server, never to the console's router. */
const SERVER_PATHS = /^\/(api|api-node|admin)(\/|$)/;

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** A file of the build under distDir, as a path relative to it, or null. */
function buildFile(distDir: string, urlPath: string): string | null {
  const relative = urlPath.replace(/^\/+/, '');
  if (relative === '') return null;
  const full = path.resolve(distDir, relative);
  if (!full.startsWith(distDir + path.sep)) return null;
  try {
    return statSync(full).isFile() ? path.relative(distDir, full) : null;
  } catch {
    return null;
  }
}

/** `sha256-…` of each inline script of a page, for its Content Security Policy. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '') || !match[2]) continue;
    hashes.push(`sha256-${createHash('sha256').update(match[2]).digest('base64')}`);
  }
  return hashes;
}

/** Hashed file names never change content: a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A text file of the build from memory, br or gzip as the browser accepts (`Vary: Accept-Encoding`), with
 * an ETag for revalidation (index.html is revalidated on every load, hashed assets never).
 */
async function sendCompressible(
  files: CompressedFiles,
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  cacheControl: string,
) {
  const entry = await files.get(file);
  const available = (['br', 'gzip'] as const).filter((encoding) => entry[encoding] !== undefined);
  reply.header('content-type', entry.type).header('cache-control', cacheControl).header('etag', entry.etag);
  if (available.length > 0) reply.header('vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
    return reply.status(304).send();
  }
  const encoding: Encoding | null = chooseEncoding(request.headers['accept-encoding'], available);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? entry[encoding] : entry.identity);
}

/**
 * Serves the built console at `/`: its files (hashed assets cached for a year, index.html never), and
 * index.html for every other GET that asks for a page outside /api, /api-node and /admin, so the
 * console's own router answers deep links and reloads. Text files (scripts, styles, the page) go out br
 * or gzip compressed (compressed-files.ts); images and fonts as they are. Without a build, `/` keeps
 * redirecting to the login page or the API reference.
 */
export async function registerWebConsole(
  app: FastifyInstance,
  options: {
    distDir?: string;
    /** The Content Security Policy of index.html, given the hashes of its inline scripts. */
    pagePolicy?: (scriptHashes: string[]) => string;
  } = {},
): Promise<void> {
  const distDir = path.resolve(options.distDir ?? WEB_CONSOLE_DIST);
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.get('/', async (request, reply) => {
      if (!request.operator) return reply.redirect('/admin/login/?next=/');
      return reply.redirect('/api/docs/');
    });
    return;
  }

  await app.register(fastifyStatic, { root: distDir, serve: false, index: false });

  const files = new CompressedFiles(distDir);
  // Kept per version of the page: a rebuilt console has other inline scripts.
  let indexPolicy: { etag: string; policy: string } | undefined;
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (options.pagePolicy) {
      // The console's start-up script is inline (it fires the first requests before any module loads).
      const page = await files.get('index.html');
      if (indexPolicy?.etag !== page.etag) {
        const hashes = inlineScriptHashes(page.identity.toString('utf8'));
        indexPolicy = { etag: page.etag, policy: options.pagePolicy(hashes) };
      }
      reply.header('content-security-policy', indexPolicy.policy);
    }
    return sendCompressible(files, request, reply, 'index.html', 'no-cache');
  };

  app.get('/*', async (request, reply) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent((request.raw.url ?? '/').split('?')[0] ?? '/');
    } catch {
      return reply.callNotFound();
    }
    if (SERVER_PATHS.test(urlPath)) return reply.callNotFound();
    const file = buildFile(distDir, urlPath);
    if (file === 'index.html') return sendIndex(request, reply);
    if (file !== null) {
      const hashed = file.startsWith(`assets${path.sep}`);
      if (CompressedFiles.isCompressible(file)) {
        return sendCompressible(files, request, reply, file, hashed ? IMMUTABLE : 'public, max-age=0');
      }
      return reply.sendFile(file, { maxAge: hashed ? '365d' : 0, immutable: hashed });
    }
    if (acceptsHtml(request)) return sendIndex(request, reply);
    return reply.callNotFound();
  });
}
