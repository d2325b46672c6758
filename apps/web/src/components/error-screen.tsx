import { mdiHome, mdiRefresh } from '@mdi/js';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useInRouterContext } from 'react-router';

import { AppLink } from './app-link';
import { MdiIcon } from './mdi-icon';

/** The heading's translation key for a status (spec section 2): 404, 403, 500, or the generic one. */
export function errorHeadingKey(status: number): string {
  if (status === 404 || status === 403 || status === 500) return `errors.heading.${status}`;
  return 'errors.heading.other';
}

export interface ErrorScreenProps {
  status: number;
  /** The error's own status message: shown, and the page title. */
  message?: string | null;
}

/** The error screen of spec section 2: a heading by status, the message, 'To the main page' and 'Refresh'. */
export function ErrorScreen({ status, message }: ErrorScreenProps) {
  const { t } = useTranslation();
  const heading = t(errorHeadingKey(status));
  const inRouter = useInRouterContext();
  useEffect(() => {
    document.title = message || heading;
  }, [message, heading]);
  return (
    <Box
      role="main"
      sx={{ py: 8, px: 2, textAlign: 'center' }}
      data-testid="error-screen"
      data-status={status}
    >
      <Typography variant="h2" component="p" color="text.secondary" sx={{ fontWeight: 300 }}>
        {status}
      </Typography>
      <Typography variant="h4" component="h1" sx={{ mt: 1 }}>
        {heading}
      </Typography>
      {message && (
        <Typography sx={{ mt: 2 }} color="text.secondary" data-testid="error-message">
          {message}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
        {inRouter ? (
          <Button variant="contained" component={AppLink} to="/" startIcon={<MdiIcon path={mdiHome} />}>
            {t('errors.home')}
          </Button>
        ) : (
          // A failure outside the router (AppErrorBoundary): a full page load of the console's start.
          <Button variant="contained" href={import.meta.env.BASE_URL} startIcon={<MdiIcon path={mdiHome} />}>
            {t('errors.home')}
          </Button>
        )}
        <Button
          variant="outlined"
          href="#"
          onClick={(event) => {
            event.preventDefault();
            window.location.reload();
          }}
          startIcon={<MdiIcon path={mdiRefresh} />}
        >
          {t('errors.refresh')}
        </Button>
      </Stack>
    </Box>
  );
}
