import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A table cell of two lines: the row's name, and below it in grey what tells it apart (login, account). */
export function TwoLineCell({ title, caption }: { title: ReactNode; caption: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, lineHeight: 1.2 }}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {caption}
      </Typography>
    </Box>
  );
}
