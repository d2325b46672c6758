import { mdiMagnify, mdiPlus, mdiRefresh } from '@mdi/js';
import {
  Autocomplete,
  Button,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { CURRENCIES, STEAM_ACCOUNT_STATUSES, type MarketRates } from '@toydesk/contract';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { marketByCode, useCommonData } from '@/lib/common-data';
import { formatNumber } from '@/lib/format';

import { useSteamAccounts, type SteamAccountRow } from '../api/get-steam-accounts';
import {
  EMPTY_FILTERS,
  filterSteamAccounts,
  NO_GROUP,
  type SteamAccountFilters,
} from '../utils/filter-steam-accounts';
import { SteamAccountDialog, type ProxyOption } from './steam-account-dialog';
import { SteamAccountsTable } from './steam-accounts-table';

type Editing = { account: SteamAccountRow | null } | null;

/** /steam-account/list: every Steam account, filtered on the client, created and edited in a dialog. */
export function SteamAccountsScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  const common = useCommonData();
  const accounts = useSteamAccounts();
  const [filters, setFilters] = useState<SteamAccountFilters>(EMPTY_FILTERS);
  const deferredFilters = useDeferredValue(filters);
  const [displayCurrency, setDisplayCurrency] = useState<string>('RUB');
  const [editing, setEditing] = useState<Editing>(null);

  const rows = useMemo(() => accounts.data ?? [], [accounts.data]);
  const visible = useMemo(() => filterSteamAccounts(rows, deferredFilters), [rows, deferredFilters]);
  const serverGroups = useMemo(
    () =>
      [
        ...new Set(rows.map((row) => row.server_group_name).filter((name): name is string => name !== null)),
      ].sort(),
    [rows],
  );
  const proxies = useMemo<ProxyOption[]>(() => {
    const byId = new Map<number, string>();
    for (const row of rows) if (row.proxy !== null) byId.set(row.proxy, row.proxy_label ?? `#${row.proxy}`);
    return [...byId].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [rows]);
  const ratesFor = useCallback(
    (market: string): MarketRates | undefined => marketByCode(common.markets, market),
    [common.markets],
  );
  const onEdit = useCallback((account: SteamAccountRow) => setEditing({ account }), []);
  const patch = (change: Partial<SteamAccountFilters>) =>
    setFilters((current) => ({ ...current, ...change }));
  const selectedTags = common.tags.filter((tag) => filters.tagIds.includes(tag.id));

  return (
    <Page
      title={t('nav.steamAccountList')}
      actions={
        <Button
          variant="contained"
          startIcon={<MdiIcon path={mdiPlus} />}
          onClick={() => setEditing({ account: null })}
        >
          {t('steamAccounts.add')}
        </Button>
      }
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
        <TextField
          value={filters.search}
          onChange={(event) => patch({ search: event.target.value })}
          placeholder={t('table.search')}
          margin="none"
          sx={{ width: 260 }}
          slotProps={{
            htmlInput: { 'aria-label': t('table.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <MdiIcon path={mdiMagnify} fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          margin="none"
          label={t('fields.status')}
          sx={{ width: 180 }}
          value={filters.statuses}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) => (selected as string[]).map((s) => t(`enums.status.${s}`)).join(', '),
            },
          }}
          onChange={(event) => {
            const value = event.target.value as unknown as string[] | string;
            patch({ statuses: typeof value === 'string' ? value.split(',') : value });
          }}
        >
          {STEAM_ACCOUNT_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`enums.status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          multiple
          limitTags={2}
          options={common.tags}
          value={selectedTags}
          getOptionLabel={(tag) => tag.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_event, tags) => patch({ tagIds: tags.map((tag) => tag.id) })}
          renderInput={(params) => <TextField {...params} margin="none" label={t('fields.tags')} />}
          sx={{ width: 260 }}
        />
        <TextField
          select
          margin="none"
          label={t('fields.server_group')}
          sx={{ width: 180 }}
          value={filters.serverGroup}
          onChange={(event) => patch({ serverGroup: event.target.value })}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          <MenuItem value={NO_GROUP}>{t('common.none')}</MenuItem>
          {serverGroups.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={displayCurrency}
          onChange={(_event, value: string | null) => value && setDisplayCurrency(value)}
          aria-label={t('steamAccounts.displayCurrency')}
        >
          {CURRENCIES.map((currency) => (
            <ToggleButton key={currency} value={currency}>
              {currency}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} data-testid="row-count">
          {visible.length === rows.length
            ? t('table.rows', { count: rows.length, formatted: formatNumber(rows.length, lang) })
            : t('table.shownOf', {
                shown: formatNumber(visible.length, lang),
                total: formatNumber(rows.length, lang),
              })}
        </Typography>
        <Tooltip title={t('table.refresh')}>
          <IconButton size="small" onClick={() => void accounts.refetch()} aria-label={t('table.refresh')}>
            <MdiIcon path={mdiRefresh} fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <SteamAccountsTable
        rows={visible}
        loading={accounts.isFetching}
        displayCurrency={displayCurrency}
        ratesFor={ratesFor}
        onEdit={onEdit}
      />
      {editing && (
        <SteamAccountDialog
          key={editing.account?.id ?? 'new'}
          account={editing.account}
          proxies={proxies}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}
