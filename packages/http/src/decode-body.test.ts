import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, deflate, gzip } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { BODY_PIECE_CHARS, BodyTooLargeError, decodeBody } from './decode-body.ts';

const brotli = promisify(brotliCompress);
const pack = {
  // Quality 11 (the default) would take half a minute on this much text; decoding does not care.
  br: (text: string | Buffer) => brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: promisify(gzip),
  deflate: promisify(deflate),
};

/** A price list's shape, large enough that inflating it takes many slices of zlib's thread pool. */
function priceList(rows: number): string {
  const items = Array.from({ length: rows }, (_, i) => ({
    market_hash_name: `AK-47 | Redline (Field-Tested) #${i}`,
    min_price: 12.34 + i,
    quantity: i % 97,
  }));
  return JSON.stringify(items);
}

/** As undici hands a body over: here all of it at once, already in memory, so only decoding is left. */
const bodyOf = (bytes: Uint8Array) => Readable.from([Buffer.from(bytes)]);

describe('decodeBody', () => {
  it.each(['br', 'gzip', 'deflate'] as const)('decodes %s, multi-byte characters included', async (name) => {
    const text = `${priceList(2000)}★ Karambit | Doppler (Factory New) ★`;
    const packed = await pack[name](text);
    expect((await decodeBody(bodyOf(packed), name, null)).join('')).toBe(text);
  });

  it('passes an unknown or missing encoding through as text', async () => {
    expect(await decodeBody(bodyOf(Buffer.from('{"ok":true}')), undefined, null)).toEqual(['{"ok":true}']);
    expect(await decodeBody(bodyOf(Buffer.from('{"ok":true}')), 'identity', null)).toEqual(['{"ok":true}']);
    expect(await decodeBody(bodyOf(Buffer.from('')), undefined, null)).toEqual(['']);
  });

  it.each(['br', 'gzip'] as const)(
    'leaves the event loop free while a large %s body is inflated (timers keep firing)',
    async (name) => {
      // ~7 MB of JSON. With brotliDecompressSync / gunzipSync no timer could run until the whole body was
      // inflated; the streams hand the work to the thread pool in slices, so setImmediate keeps coming back.
      const text = priceList(100_000);
      const packed = await pack[name](text);
      let ticks = 0;
      let running = true;
      const tick = () => {
        ticks += 1;
        if (running) setImmediate(tick);
      };
      setImmediate(tick);
      const ticksBefore = ticks;
      const decoded = await decodeBody(bodyOf(packed), name, null);
      running = false;
      expect(decoded.join('')).toBe(text);
      // Handed on in pieces, never as one string of the whole body.
      expect(Math.max(...decoded.map((piece) => piece.length))).toBeLessThan(BODY_PIECE_CHARS + 64 * 1024);
      expect(decoded.length).toBeGreaterThan(text.length / (BODY_PIECE_CHARS + 64 * 1024));
      expect(ticks - ticksBefore).toBeGreaterThan(10);
    },
  );

  it('refuses a decompression bomb at the limit, without reading or inflating the rest', async () => {
    // 256 MiB of zeros packs into ~256 KB, sent in 4 KB chunks (zlib's stream buffers 16 KB); limit 1 MiB.
    const packed = await pack.gzip(Buffer.alloc(256 * 1024 ** 2));
    const chunks = Math.ceil(packed.length / 4096);
    let pulled = 0;
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < chunks; i += 1) {
          pulled += 1;
          yield packed.subarray(i * 4096, (i + 1) * 4096);
        }
      })(),
      // One chunk read ahead at most, so `pulled` says how much of the body was taken.
      { highWaterMark: 1 },
    );
    const error = await decodeBody(source, 'gzip', 1024 ** 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect(pulled).toBeLessThan(chunks / 4);
  });
});
