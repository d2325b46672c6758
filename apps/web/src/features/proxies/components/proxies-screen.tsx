import { Alert } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { Page } from '@/components/page';
import { StatusChip } from '@/components/status-chip';
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { formatDateTime } from '@/lib/format';

import { useProxies, type ProxyRow } from '../api/get-proxies';

/** /proxy: the proxies, from the bot service when it runs, else as the accounts use them. */
export function ProxiesScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  const proxies = useProxies();
  const columns = useMemo<VirtualColumn<ProxyRow>[]>(
    () => [
      { id: 'id', header: t('fields.id'), width: 70, render: (row) => row.id },
      { id: 'label', header: t('fields.proxy'), width: 220, render: (row) => row.label },
      {
        id: 'status',
        header: t('fields.status'),
        width: 110,
        render: (row) => <StatusChip value={row.status} />,
      },
      {
        id: 'latency_ms',
        header: t('fields.latency_ms'),
        width: 110,
        align: 'right',
        render: (row) => row.latency_ms ?? '—',
      },
      {
        id: 'last_checked_at',
        header: t('fields.last_checked_at'),
        width: 150,
        render: (row) => formatDateTime(row.last_checked_at, lang),
      },
      {
        id: 'steam_accounts',
        header: t('proxies.steamAccounts'),
        width: 260,
        grow: 1,
        render: (row) => row.steam_accounts.join(', ') || '—',
      },
      {
        id: 'market_accounts',
        header: t('proxies.marketAccounts'),
        width: 300,
        grow: 1,
        render: (row) => row.market_accounts.join(', ') || '—',
      },
    ],
    [t, lang],
  );
  return (
    <Page title={t('nav.proxy')}>
      {proxies.data?.source === 'accounts' && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('proxies.fromAccounts')}
        </Alert>
      )}
      <VirtualTable
        rows={proxies.data?.rows ?? []}
        columns={columns}
        getRowId={(row) => row.id}
        label={t('nav.proxy')}
        loading={proxies.isFetching}
        emptyText={proxies.isError ? t('table.failed') : t('table.empty')}
        height="calc(100vh - 232px)"
      />
    </Page>
  );
}
