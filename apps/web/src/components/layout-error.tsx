import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Inside a layout a failing page shows 'An error occurred: ' plus the error (spec section 2). */
export function LayoutError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const text = error instanceof Error ? error.message : String(error);
  return (
    <Alert severity="error" sx={{ my: 2 }} data-testid="layout-error">
      {t('errors.inLayout', { error: text })}
    </Alert>
  );
}
