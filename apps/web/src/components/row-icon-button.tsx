import { IconButton, type IconButtonProps } from '@mui/material';

import { MdiIcon } from './mdi-icon';

export interface RowIconButtonProps {
  /** The accessible name, naming the row ("Изменить: …"). */
  label: string;
  /** An mdi icon path. */
  icon: string;
  onClick: () => void;
  color?: IconButtonProps['color'];
  disabled?: boolean;
}

/** A small icon button inside a table row; its click never reaches the row's own click handler. */
export function RowIconButton({ label, icon, onClick, color, disabled }: RowIconButtonProps) {
  return (
    <IconButton
      size="small"
      color={color}
      disabled={disabled}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      <MdiIcon path={icon} fontSize="small" />
    </IconButton>
  );
}
