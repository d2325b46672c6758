import type { MouseEvent } from 'react';

import { CELL } from './virtual-table/cell-styles';

export interface RowIconButtonProps {
  /** The accessible name, naming the row ("Изменить: …"). */
  label: string;
  /** An mdi icon path. */
  icon: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  color?: 'error' | 'primary';
  disabled?: boolean;
  /** For a button that opens a menu. */
  hasPopup?: 'menu';
}

/**
 * A small icon button inside a table row; its click never reaches the row's own click handler. A plain
 * button styled by the table's stylesheet (cell-styles.ts), not MUI's IconButton: a ButtonBase with its
 * ripple and an SvgIcon per row were a good part of a list's first render (issue 15, bench:web).
 */
export function RowIconButton({ label, icon, onClick, color, disabled, hasPopup }: RowIconButtonProps) {
  return (
    <button
      type="button"
      className={CELL.iconButton}
      data-color={color}
      disabled={disabled}
      aria-label={label}
      aria-haspopup={hasPopup}
      onClick={(event) => {
        event.stopPropagation();
        onClick(event);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={icon} />
      </svg>
    </button>
  );
}
