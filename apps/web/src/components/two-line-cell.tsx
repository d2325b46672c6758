import type { ReactNode } from 'react';

import { CELL } from './virtual-table/cell-styles';

/**
 * A table cell of two lines: the row's name, and below it in grey what tells it apart (login, account).
 * Plain elements styled by the table's stylesheet (cell-styles.ts): one is drawn per visible row.
 */
export function TwoLineCell({ title, caption }: { title: ReactNode; caption: ReactNode }) {
  return (
    <div className={CELL.twoLine}>
      <div className={CELL.title}>{title}</div>
      <div className={CELL.caption}>{caption}</div>
    </div>
  );
}
