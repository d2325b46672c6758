import { Alert, AlertTitle, Grow, Stack } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import {
  notifications as defaultQueue,
  useNotifications,
  type AppNotification,
  type NotificationQueue,
} from '@/lib/notifications';

/** How many notifications show at once; older ones wait in the queue. */
const VISIBLE = 4;
const HIDE_AFTER_MS = { error: 10_000, other: 5_000 };

function NotificationView({ item, queue }: { item: AppNotification; queue: NotificationQueue }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(
      () => queue.remove(item.id),
      item.color === 'error' ? HIDE_AFTER_MS.error : HIDE_AFTER_MS.other,
    );
    return () => clearTimeout(timer);
  }, [item.id, item.color, queue]);
  return (
    <Grow in>
      <Alert
        severity={item.color ?? 'info'}
        variant="filled"
        role="alert"
        closeText={t('common.close')}
        onClose={() => queue.remove(item.id)}
        sx={{ boxShadow: 3, minWidth: 280 }}
      >
        {item.title && <AlertTitle>{item.title}</AlertTitle>}
        {item.text}
      </Alert>
    </Grow>
  );
}

/** The notification queue as alerts in the corner, newest at the bottom; each closes itself after a while. */
export function NotificationsHost({ queue = defaultQueue }: { queue?: NotificationQueue }) {
  const items = useNotifications(queue);
  return (
    <Stack
      spacing={1}
      aria-live="polite"
      sx={{
        position: 'fixed',
        right: 12,
        bottom: 12,
        zIndex: (theme) => theme.zIndex.snackbar,
        maxWidth: 'min(440px, calc(100vw - 24px))',
      }}
    >
      {items.slice(-VISIBLE).map((item) => (
        <NotificationView key={item.id} item={item} queue={queue} />
      ))}
    </Stack>
  );
}
