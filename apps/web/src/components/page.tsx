import { Box, Stack, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageProps {
  title: string;
  /** Buttons and filters on the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A screen's frame: its title (also the document title) and its actions above the content. */
export function Page({ title, actions, children }: PageProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Box component="section" aria-label={title}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', mb: 1, minHeight: 40, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h1" sx={{ mr: 'auto' }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Box>
  );
}
