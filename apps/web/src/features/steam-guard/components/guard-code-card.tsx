import { mdiContentCopy } from '@mdi/js';
import { Alert, Box, IconButton, LinearProgress, Paper, Skeleton, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MdiIcon } from '@/components/mdi-icon';
import { notify } from '@/lib/notifications';
import { ApiFailure } from '@/lib/query';

import { useGuardCode } from '../api/get-guard-code';

const WINDOW_SECONDS = 30;

/** Seconds left of the code's window, counted down locally from when it was read. */
function useSecondsLeft(validFor: number | undefined, readAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (validFor === undefined) return 0;
  // The tick may predate the read by up to 250 ms: never count up past the window.
  const elapsed = Math.max(0, now - readAt) / 1000;
  return Math.min(validFor, Math.max(0, Math.ceil(validFor - elapsed)));
}

/** The account's current Steam Guard code, its countdown and a copy button. */
export function GuardCodeCard({ account }: { account: number }) {
  const { t } = useTranslation();
  const query = useGuardCode(account);
  const secondsLeft = useSecondsLeft(query.data?.valid_for_seconds, query.dataUpdatedAt);
  const code = query.data?.code;

  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      notify({ text: t('steamGuard.code.copied', { code }), color: 'success' });
    } catch {
      notify({ text: t('steamGuard.code.copyFailed'), color: 'warning' });
    }
  };

  let body;
  if (query.isError) {
    const failure = query.error instanceof ApiFailure ? query.error : null;
    body =
      failure?.status === 400 ? (
        <Alert severity="info">{t('steamGuard.code.noSecret')}</Alert>
      ) : (
        <Alert severity="error">{t('steamGuard.code.failed', { reason: query.error.message })}</Alert>
      );
  } else if (!code) {
    body = <Skeleton variant="rounded" height={56} />;
  } else {
    body = (
      <>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography
            data-testid="guard-code"
            aria-live="polite"
            sx={{ fontFamily: 'monospace', fontSize: 40, fontWeight: 600, letterSpacing: '0.3em' }}
          >
            {code}
          </Typography>
          <Tooltip title={t('steamGuard.code.copy')}>
            <IconButton aria-label={t('steamGuard.code.copy')} onClick={() => void copy()}>
              <MdiIcon path={mdiContentCopy} />
            </IconButton>
          </Tooltip>
        </Box>
        <LinearProgress
          variant="determinate"
          value={(secondsLeft / WINDOW_SECONDS) * 100}
          color={secondsLeft <= 5 ? 'warning' : 'primary'}
          sx={{ my: 1, height: 6, borderRadius: 3 }}
        />
        <Typography variant="body2" data-testid="guard-code-left">
          {t('steamGuard.code.validFor', { count: secondsLeft })}
        </Typography>
      </>
    );
  }

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, width: 340, flexShrink: 0 }}
      aria-label={t('steamGuard.code.title')}
    >
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {t('steamGuard.code.title')}
      </Typography>
      {body}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('steamGuard.code.hint')}
      </Typography>
    </Paper>
  );
}
