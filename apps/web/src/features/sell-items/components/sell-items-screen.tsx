import { Tab, Tabs } from '@mui/material';
import { SELL_ITEM_STATUSES } from '@toydesk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Page } from '@/components/page';
import { ToolbarFilters } from '@/components/toolbar-filters';
import type { QueryParams } from '@/lib/query-string';

import { SaleCandidatesTable } from './sale-candidates-table';
import { SellCountsTable } from './sell-counts-table';
import { SellItemsList } from './sell-items-list';

type View = 'list' | 'counts' | 'candidates';

interface Filters {
  market: string;
  status: string;
  marketAccount: string;
}

/** The filters as the list endpoints read them (field=value); empty ones left out. */
export function sellItemsQuery(filters: Filters): QueryParams {
  return {
    ...(filters.market ? { market: filters.market } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.marketAccount ? { market_account: Number(filters.marketAccount) } : {}),
  };
}

/**
 * /sell-items/list: the items for sale across markets (set price, mass set price, take off sale), the
 * counts per market hash name, and the candidates for sale.
 */
export function SellItemsScreen() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('list');
  const [filters, setFilters] = useState<Filters>({ market: '', status: 'on_sale', marketAccount: '' });
  const query = useMemo(() => sellItemsQuery(filters), [filters]);
  const patch = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }));

  const toolbar = (
    <ToolbarFilters
      filters={filters}
      onChange={patch}
      specs={[
        { kind: 'market', key: 'market', width: 170, also: { marketAccount: '' } },
        { kind: 'enum', key: 'status', values: SELL_ITEM_STATUSES, width: 150 },
        { kind: 'marketAccount', key: 'marketAccount', market: 'market', width: 220 },
      ]}
    />
  );

  return (
    <Page title={t('nav.sellItems')}>
      <Tabs value={view} onChange={(_event, value: View) => setView(value)} sx={{ mb: 1, minHeight: 36 }}>
        <Tab value="list" label={t('sellItems.listTab')} sx={{ minHeight: 36 }} />
        <Tab value="counts" label={t('sellItems.countsTab')} sx={{ minHeight: 36 }} />
        <Tab value="candidates" label={t('sellItems.candidatesTab')} sx={{ minHeight: 36 }} />
      </Tabs>
      {view === 'list' && <SellItemsList filters={query} toolbar={toolbar} />}
      {view === 'counts' && (
        <>
          <div style={{ display: 'flex', gap: 8, marginBottom: 8 }}>{toolbar}</div>
          <SellCountsTable filters={query} />
        </>
      )}
      {view === 'candidates' && <SaleCandidatesTable />}
    </Page>
  );
}
