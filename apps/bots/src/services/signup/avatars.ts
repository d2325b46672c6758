import { createHash, randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Random avatars without a file store: an avatar is a name ("identicon-<hex seed>") and its 184x184 PNG is
 * drawn from the seed (a symmetric 5x5 pattern in one colour), the same picture for the same name.
 */
const SIZE = 184;
const CELLS = 5;

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

export function avatarPng(name: string): Buffer {
  const hash = createHash('sha256').update(name).digest();
  const color = [hash[0]! % 200, hash[1]! % 200, hash[2]! % 200];
  const on = (x: number, y: number) => (hash[3 + y * 3 + Math.min(x, CELLS - 1 - x)]! & 1) === 1;
  const cell = Math.floor(SIZE / CELLS);
  const rows: Buffer[] = [];
  for (let y = 0; y < SIZE; y += 1) {
    const row = Buffer.alloc(1 + SIZE * 3, 240); // filter byte 0, light background
    row[0] = 0;
    for (let x = 0; x < SIZE; x += 1) {
      const cx = Math.min(CELLS - 1, Math.floor(x / cell));
      const cy = Math.min(CELLS - 1, Math.floor(y / cell));
      if (on(cx, cy)) row.set(color, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const isAvatarName = (name: string) => /^identicon-[0-9a-f]{8,32}$/.test(name);

export function randomAvatars(count: number): { name: string; url: string }[] {
  return Array.from({ length: count }, () => {
    const name = `identicon-${randomBytes(6).toString('hex')}`;
    return { name, url: `data:image/png;base64,${avatarPng(name).toString('base64')}` };
  });
}
