import { Typography } from '@mui/material';
import { marketEntity } from '@toydesk/contract';
import { useCallback, useState } from 'react';

import { EntityFormDialog } from '@/components/entity-form/entity-form-dialog';
import type { EntityRow } from '@/components/entity-table/entity-columns';
import { EntityTable } from '@/components/entity-table/entity-table';
import { Page } from '@/components/page';
import { formatRatesDate } from '@/components/rate-date-hint';
import { rowActionsColumn } from '@/components/row-actions-column';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useUiLang } from '@/lib/use-ui-lang';

import { useUpdateMarket, type MarketPatchBody } from '../api/update-market';

const LIST_FIELDS = ['id', 'name', 'code', 'usd_to_rub_rate', 'eur_to_rub_rate', 'rates_set_at', 'is_active'];
const FORM_FIELDS = ['name', 'is_active', 'usd_to_rub_rate', 'eur_to_rub_rate'] as const;
const HEADERS: Record<string, string> = {
  name: 'marketsRef.name',
  code: 'marketsRef.code',
  usd_to_rub_rate: 'marketsRef.usdRate',
  eur_to_rub_rate: 'marketsRef.eurRate',
  rates_set_at: 'marketsRef.ratesSetAt',
  is_active: 'marketsRef.active',
};
const RATE_CELL = { fontVariantNumeric: 'tabular-nums' } as const;

/** A rate the server takes: above zero, at most 6 decimals (the contract's rule, said in the UI's language). */
const RATE_PATTERN = /^\d{1,12}(\.\d{1,6})?$/;
const isGoodRate = (value: unknown) => RATE_PATTERN.test(String(value ?? '').trim()) && Number(value) > 0;

/** 92.500000 → 92.5 */
const plainRate = (value: unknown) => (value === null || value === undefined ? '—' : String(Number(value)));

/**
 * /markets (Справочники → Площадки): the markets with their exchange rates and when those were set; a row
 * opens the edit of its name, activity and rates (the server audits the change and restamps the rates date).
 */
export function MarketsScreen() {
  const { t, lang } = useUiLang();
  const [editing, setEditing] = useState<EntityRow | null>(null);
  const update = useUpdateMarket();

  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) => [
      ...generated.map((column) => {
        const header = HEADERS[column.id] ? t(HEADERS[column.id]!) : column.header;
        if (column.id === 'usd_to_rub_rate' || column.id === 'eur_to_rub_rate')
          return {
            ...column,
            header,
            align: 'right' as const,
            render: (row: EntityRow) => <span style={RATE_CELL}>{plainRate(row[column.id])}</span>,
          };
        if (column.id === 'rates_set_at')
          return {
            ...column,
            header,
            width: 170,
            render: (row: EntityRow) =>
              typeof row.rates_set_at === 'string' ? (
                <span title={formatDateTime(row.rates_set_at, lang)}>
                  {formatRatesDate(row.rates_set_at, lang)}
                </span>
              ) : (
                '—'
              ),
          };
        return { ...column, header };
      }),
      rowActionsColumn<EntityRow>({
        editLabel: t('common.edit'),
        deleteLabel: t('common.delete'),
        onEdit: (row) => setEditing(row),
      }),
    ],
    [t, lang],
  );

  const save = async (body: Record<string, unknown>) => {
    await update.mutateAsync({ id: Number(editing?.id), body: body as MarketPatchBody });
  };

  return (
    <Page title={t('marketsRef.title')}>
      <EntityTable
        routeId="markets.list"
        label={t('marketsRef.title')}
        pageSize={999999}
        fields={LIST_FIELDS}
        columns={columns}
        defaultSort={{ id: 'id', desc: false }}
        onRowClick={setEditing}
      />
      {editing && (
        <EntityFormDialog
          entity={marketEntity}
          record={editing}
          fields={FORM_FIELDS}
          required={['name', 'usd_to_rub_rate', 'eur_to_rub_rate']}
          title={
            <>
              {t('marketsRef.editTitle', { name: String(editing.name) })}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {t('marketsRef.ratesHelp')}
              </Typography>
            </>
          }
          validate={(body) => {
            const errors: Record<string, string> = {};
            for (const name of ['usd_to_rub_rate', 'eur_to_rub_rate'])
              if (name in body && !isGoodRate(body[name])) errors[name] = t('marketsRef.ratePositive');
            return Object.keys(errors).length ? errors : null;
          }}
          save={save}
          onSaved={() =>
            notify({ text: t('marketsRef.saved', { name: String(editing.name) }), color: 'success' })
          }
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}
