import { Stack } from '@mui/material';
import type { ReactNode } from 'react';

export interface FilterBarProps {
  children: ReactNode;
  /** No space below: the bar already sits in a spaced Stack. */
  flush?: boolean;
}

/** A screen's row of search, filters and actions above its table; wraps on narrow windows. */
export function FilterBar({ children, flush = false }: FilterBarProps) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', mb: flush ? 0 : 1 }}
    >
      {children}
    </Stack>
  );
}
