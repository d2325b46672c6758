import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** The most an answer may grow to once decoded, unless the client says otherwise: far above any price list. */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024 ** 2;

/** The decoded body passed its limit; the rest was neither read nor inflated. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`answer body larger than ${maxBytes} bytes once decoded`);
    this.name = 'BodyTooLargeError';
  }
}

function decompressorFor(encoding: string) {
  if (encoding === 'br') return createBrotliDecompress();
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  return null;
}

/**
 * The decoded text is handed on in pieces of about this many characters: few enough strings to keep, and
 * each one small to join (zlib gives 16 KiB at a time).
 */
export const BODY_PIECE_CHARS = 256 * 1024;

/**
 * undici's request() hands over the body as sent. Some marketplaces answer compressed whether asked or not
 * (Skinport only serves its item list with `Accept-Encoding: br`), so gzip, deflate and br are decoded here.
 * Streamed through zlib's asynchronous streams and decoded to text chunk by chunk: a 20 MB price list is
 * inflated on the thread pool, a slice at a time, instead of holding the event loop for the whole body (the
 * synchronous zlib calls did). Counting decoded bytes as they come stops a decompression bomb at the limit.
 *
 * The text comes back in pieces (their concatenation is the body), never joined here: one 20 MB string, and
 * the collection its allocation set off, held the loop 190-260 ms under load. `parseJsonInSlices` reads the
 * pieces as they are; the response joins them only when someone asks for its `text`.
 */
export async function decodeBody(
  body: Readable,
  encoding: string | string[] | undefined,
  maxBytes: number | null,
): Promise<string[]> {
  const name = (Array.isArray(encoding) ? encoding.join(',') : (encoding ?? '')).trim().toLowerCase();
  const decompressor = decompressorFor(name);
  const decoder = new TextDecoder('utf-8');
  const pieces: string[] = [];
  let pending: string[] = [];
  let pendingChars = 0;
  const add = (text: string) => {
    pending.push(text);
    pendingChars += text.length;
    if (pendingChars < BODY_PIECE_CHARS) return;
    pieces.push(pending.join(''));
    pending = [];
    pendingChars = 0;
  };
  let size = 0;
  let tooLarge: BodyTooLargeError | null = null;
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      if (maxBytes !== null && size > maxBytes) {
        // Throwing destroys the pipeline: the connection is dropped instead of read and inflated to the end.
        tooLarge = new BodyTooLargeError(maxBytes);
        throw tooLarge;
      }
      add(decoder.decode(chunk, { stream: true }));
    }
  };
  try {
    if (decompressor === null) await pipeline(body, collect);
    else await pipeline(body, decompressor, collect);
  } catch (error) {
    // The pipeline may report the abort of its other streams rather than the reason for it.
    throw tooLarge ?? error;
  }
  add(decoder.decode());
  if (pendingChars > 0 || pieces.length === 0) pieces.push(pending.join(''));
  return pieces;
}
