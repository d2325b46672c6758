import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { format, resolveConfig } from 'prettier';

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/benchmarks.md');

/**
 * Writes a bench's `section` (its first line is `heading`) into docs/benchmarks.md: in place of the section
 * under that heading, which runs up to the next heading of the same or a higher level, or at the end.
 */
export async function writeBenchmarksSection(heading: string, section: string): Promise<void> {
  const text = readFileSync(FILE, 'utf8');
  const start = text.indexOf(`${heading}\n`);
  const level = heading.match(/^#+/)?.[0].length ?? 2;
  const nextHeading = new RegExp(`\\n#{1,${level}} `, 'g');
  nextHeading.lastIndex = start + 1;
  const next = start === -1 ? null : nextHeading.exec(text);
  const updated =
    start === -1
      ? `${text.replace(/\n*$/, '\n\n')}${section}`
      : `${text.slice(0, start)}${section}${next ? `\n${text.slice(next.index + 1)}` : ''}`;
  // The repository's format check covers docs/: write the file as Prettier would.
  const options = (await resolveConfig(FILE)) ?? {};
  writeFileSync(FILE, await format(updated, { ...options, filepath: FILE }));
}
