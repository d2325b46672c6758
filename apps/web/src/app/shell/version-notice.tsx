import { Button, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { buildId } from '@/lib/env';
import { startVersionCheck } from '@/lib/version-check';

/** The hourly new-version check (spec section 9): when a newer build is served, offer a reload. */
export function VersionNotice() {
  const { t } = useTranslation();
  const [available, setAvailable] = useState(false);
  useEffect(() => startVersionCheck({ current: buildId, onNewVersion: () => setAvailable(true) }), []);
  return (
    <Snackbar
      open={available}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      message={t('version.available')}
      action={
        <Button color="warning" size="small" onClick={() => window.location.reload()}>
          {t('version.reload')}
        </Button>
      }
    />
  );
}
