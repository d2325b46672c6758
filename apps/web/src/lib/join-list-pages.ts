/**
 * The rows a big list shows: its loaded chunks in list order, up to the first chunk not there yet (the
 * table shows a contiguous list), or the small first page while no chunk is. Chunks are read at different
 * moments, so a row added or removed meanwhile shifts the boundaries: a row that moved into the next
 * chunk comes twice, and is kept only where it came first (the table keys rows by id).
 */
export function joinListPages<Row>(
  firstPage: readonly Row[] | undefined,
  chunks: readonly (readonly Row[] | undefined)[],
  idOf: (row: Row) => unknown,
): Row[] {
  if (chunks[0] === undefined) return firstPage ? [...firstPage] : [];
  const seen = new Set<unknown>();
  const rows: Row[] = [];
  for (const chunk of chunks) {
    if (chunk === undefined) break;
    for (const row of chunk) {
      const id = idOf(row);
      if (id !== undefined && id !== null) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      rows.push(row);
    }
  }
  return rows;
}
