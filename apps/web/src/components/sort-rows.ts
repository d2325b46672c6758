/**
 * A copy of the rows in the order of one value per row, ascending or descending; stable, so rows with equal
 * values keep their order (a table sorted on the client by the column the operator clicked).
 */
export function sortRowsBy<Row>(
  rows: readonly Row[],
  desc: boolean,
  value: (row: Row) => string | number,
): Row[] {
  const sign = desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return x < y ? -sign : x > y ? sign : 0;
  });
}
