import type { PassThrough } from 'node:stream';

/**
 * Writes one chunk of a streamed answer and, when the socket's buffer is full, waits for it to drain. A
 * client that disconnects never drains: its close ends the wait too, so a cursor is not read for ever.
 */
export async function writeOrWait(out: PassThrough, chunk: string): Promise<void> {
  if (out.destroyed) throw new Error('client went away');
  if (out.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}
