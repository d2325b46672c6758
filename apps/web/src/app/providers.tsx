import { ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

import { NotificationsHost } from '@/components/notifications-host';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query';
import { createAppTheme } from '@/lib/theme';

import { AppBaseline } from './app-baseline';
import { useUiLang } from '@/lib/use-ui-lang';

function ThemedApp({ children }: { children: ReactNode }) {
  const { lang } = useUiLang();
  const theme = useMemo(() => createAppTheme(lang), [lang]);
  return (
    <ThemeProvider theme={theme}>
      <AppBaseline />
      {children}
      <NotificationsHost />
    </ThemeProvider>
  );
}

/** Translations, the theme (with MUI's texts in the current language), server state and notifications. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ThemedApp>{children}</ThemedApp>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
