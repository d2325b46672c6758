/**
 * The legacy item database (`/itemdb/<file>.csv`, marketplaces.md 1.6): semicolon-separated, a header row,
 * maybe a BOM, `c_*` columns. Fields may be double-quoted (a quote inside doubled), as CSV writers do;
 * lines end in \n or \r\n.
 */
export function parseSemicolonCsv(text: string): Record<string, string>[] {
  const rows = splitRows(text.startsWith('\uFEFF') ? text.slice(1) : text);
  const header = rows.shift();
  if (header === undefined) return [];
  const names = header.map((name) => name.trim());
  return rows
    .filter((row) => row.length > 1 || (row[0] ?? '') !== '')
    .map((row) => Object.fromEntries(names.map((name, index) => [name, row[index] ?? ''])));
}

function splitRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ';') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
