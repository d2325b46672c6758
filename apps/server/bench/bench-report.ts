/** One printed figure: its value as text and, when it has a target, whether the value meets it. */
export interface Figure {
  /** Stable key, to line the databases up side by side. */
  key: string;
  label: string;
  value: string;
  target: string;
  /** null: no target (informational). */
  pass: boolean | null;
  /** The target is stated for PostgreSQL only; other databases are shown against it for reference. */
  postgresTarget?: boolean;
}

export type Verdict = 'PASS' | 'MISS' | '';

export function verdict(figure: Figure, database: string): string {
  if (figure.pass === null) return '';
  const word = figure.pass ? 'PASS' : 'MISS';
  return figure.postgresTarget && database !== 'postgres' ? `(${word})` : word;
}

/** A Markdown table with padded columns, readable in a terminal and pasteable into docs. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (c ?? '').padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

export interface DatabaseFigures {
  database: 'postgres' | 'pglite';
  title: string;
  figures: Figure[];
}

/** Every database's figures in one table, one value and verdict column pair per database. */
export function combinedTable(results: DatabaseFigures[]): string {
  const keys: Figure[] = [];
  for (const r of results) for (const f of r.figures) if (!keys.some((k) => k.key === f.key)) keys.push(f);
  const header = ['Figure', 'Target', ...results.flatMap((r) => [r.title, ''])];
  const rows = keys.map((k) => [
    k.label,
    k.target + (k.postgresTarget && k.target ? ' (PG)' : ''),
    ...results.flatMap((r) => {
      const f = r.figures.find((x) => x.key === k.key);
      return f ? [f.value, verdict(f, r.database)] : ['—', ''];
    }),
  ]);
  return markdownTable(header, rows);
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;
export const count = (value: number) => value.toLocaleString('en-US');
