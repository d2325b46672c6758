import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chooseEncoding } from './compressed-files.ts';
import { registerWebConsole } from './web-console.ts';

/** A console build as Vite leaves it: the page, hashed assets (one with the build's own .br/.gz), an image. */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{"id":${i},"name":"item ${i}"}`).join(',')}];\n`;
const STYLE = `.row{display:flex;height:36px}\n`.repeat(100);
const INDEX = `<!doctype html><html><head><meta name="toydesk-build" content="t1"><script type="module" src="/assets/index-abc123.js"></script><script>window.early = 1;</script></head><body>${'<!-- padding -->'.repeat(80)}</body></html>`;
/** What the build's precompressed siblings hold: different from the file, so a test sees which was sent. */
const PREBUILT = `export const prebuilt = true;\n${'// the build compressed this one\n'.repeat(60)}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'toydesk-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'index-def456.css'), STYLE);
  writeFileSync(path.join(dist, 'assets', 'tiny-aaa111.js'), 'export {};\n');
  writeFileSync(path.join(dist, 'assets', 'logo-bbb222.png'), PNG);
  const vendor = path.join(dist, 'assets', 'vendor-ccc333.js');
  writeFileSync(vendor, SCRIPT);
  writeFileSync(`${vendor}.br`, brotliCompressSync(PREBUILT));
  writeFileSync(`${vendor}.gz`, gzipSync(PREBUILT));
  // A sibling older than its file is from an earlier build and must not be sent.
  const stale = path.join(dist, 'assets', 'stale-ddd444.js');
  writeFileSync(stale, SCRIPT);
  writeFileSync(`${stale}.br`, brotliCompressSync(PREBUILT));
  const past = new Date(Date.now() - 60_000);
  utimesSync(`${stale}.br`, past, past);

  app = Fastify();
  app.decorateRequest('operator', null);
  await registerWebConsole(app, {
    distDir: dist,
    pagePolicy: (hashes) => `script-src 'self' ${hashes.join(' ')}`,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the built console, compressed', () => {
  it('sends a hashed script br-compressed to a browser that accepts br, cached for good', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when br is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/index-def456.css', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(STYLE);

    const plain = await get('/assets/index-def456.css');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.body).toBe(STYLE);

    const refused = await get('/assets/index-def456.css', {
      'accept-encoding': 'br;q=0, gzip;q=0, identity',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(STYLE);
  });

  it("sends the build's own .br and .gz when they are as new as the file, never stale ones", async () => {
    const br = await get('/assets/vendor-ccc333.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PREBUILT);
    const gz = await get('/assets/vendor-ccc333.js', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(PREBUILT);

    const stale = await get('/assets/stale-ddd444.js', { 'accept-encoding': 'br' });
    expect(stale.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(stale.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers index.html compressed, never cached, revalidated by its ETag', async () => {
    const page = await get('/history/list', { accept: 'text/html', 'accept-encoding': 'gzip, br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
    const etag = page.headers['etag'];
    expect(typeof etag).toBe('string');
    // The inline start-up script runs under the page's CSP by its hash; the module script by 'self'.
    const inline = createHash('sha256').update('window.early = 1;').digest('base64');
    expect(page.headers['content-security-policy']).toBe(`script-src 'self' sha256-${inline}`);

    const again = await get('/', {
      accept: 'text/html',
      'accept-encoding': 'br',
      'if-none-match': String(etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const changed = await get('/', { accept: 'text/html', 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(INDEX);
  });

  it('serves a rebuilt file, not the one it read before', async () => {
    const file = path.join(dist, 'assets', 'index-def456.css');
    const first = await get('/assets/index-def456.css', { 'accept-encoding': 'gzip' });
    const rebuilt = `${STYLE}.new{color:red}\n`;
    writeFileSync(file, rebuilt);
    const future = new Date(Date.now() + 5_000);
    utimesSync(file, future, future);
    const second = await get('/assets/index-def456.css', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(second.rawPayload).toString()).toBe(rebuilt);
    expect(second.headers['etag']).not.toBe(first.headers['etag']);
    writeFileSync(file, STYLE);
  });

  it('leaves small files and images uncompressed', async () => {
    const tiny = await get('/assets/tiny-aaa111.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
    const png = await get('/assets/logo-bbb222.png', { 'accept-encoding': 'br, gzip' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['cache-control']).toContain('immutable');
    expect(png.rawPayload.equals(PNG)).toBe(true);
  });

  it('keeps HEAD, missing files and server paths as they were', async () => {
    const head = await app.inject({
      method: 'HEAD',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);
    expect((await get('/assets/missing-000.js', { 'accept-encoding': 'br' })).statusCode).toBe(404);
    expect((await get('/api/anything/', { accept: 'text/html' })).statusCode).toBe(404);
    expect((await get('/../../etc/passwd', { accept: 'text/html' })).body).toBe(INDEX);
  });
});

describe('chooseEncoding', () => {
  it('follows the weights of Accept-Encoding, br first on a tie', () => {
    expect(chooseEncoding('gzip, deflate, br', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0.5', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
    expect(chooseEncoding('*', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('*;q=0.5, br;q=0', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('identity', ['br', 'gzip'])).toBeNull();
    expect(chooseEncoding('x-gzip', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding(undefined, ['br', 'gzip'])).toBeNull();
    expect(chooseEncoding('BR;Q=0.9', ['br', 'gzip'])).toBe('br');
  });
});
