import { Box, Typography } from '@mui/material';
import { AUDIT_ACTIONS } from '@toydesk/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { WideDialog } from '@/components/wide-dialog';
import { FilterBar } from '@/components/filter-bar';
import type { EntityRow } from '@/components/entity-table/entity-columns';
import { EntityTable } from '@/components/entity-table/entity-table';
import { Page } from '@/components/page';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';
import { overrideColumns } from '@/components/override-columns';
import { ToolbarFilters } from '@/components/toolbar-filters';
import { formatDateTime } from '@/lib/format';
import type { QueryParams } from '@/lib/query-string';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUiLang } from '@/lib/use-ui-lang';

import { auditQuery, changedFields, type AuditFilters } from '../utils/audit-filters';
import { BOT_ACTOR, objectTitle } from '../utils/audit-names';

/** The entities the back end and the bots write to the log (free text finds any other). */
const ENTITIES = [
  'steam_account',
  'market_account',
  'toy',
  'market_toy',
  'toy_dynamic_setting',
  'toy_history',
  'history_stat',
  'sell_item',
  'transaction',
  'tag',
  'server_group',
  'available_ip',
  'steam_inventory',
  'proxy',
  'account_checklist',
  'market',
  'market_spend_guard',
  'market_proxy',
];

type Translate = ReturnType<typeof useTranslation>['t'];

/** «Предмет на площадке» for market_toy; an entity the texts do not know shows as it is. */
const entityLabel = (t: Translate, entity: unknown) =>
  t(`marketsRef.audit.entity.${String(entity)}`, { defaultValue: String(entity) });

/** The bot services write as bot-service: «бот» to the operator. */
const operatorLabel = (t: Translate, operator: unknown) =>
  operator === BOT_ACTOR ? t('marketsRef.audit.bot') : typeof operator === 'string' ? operator : '—';

function AuditEntryDialog({ row, onClose }: { row: EntityRow; onClose: () => void }) {
  const { t, i18n, lang } = useUiLang();
  const before = (row.before ?? null) as Record<string, unknown> | null;
  const after = (row.after ?? null) as Record<string, unknown> | null;
  const changes = changedFields(before, after);
  return (
    <WideDialog
      onClose={onClose}
      title={`${t(`enums.action.${String(row.action)}`, { defaultValue: String(row.action) })} · ${objectTitle(row, entityLabel(t, row.entity))}`}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {formatDateTime(String(row.at), lang)} · {operatorLabel(t, row.operator)}
      </Typography>
      <Box
        component="table"
        data-testid="audit-changes"
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: 13,
          '& td, & th': {
            borderBottom: 1,
            borderColor: 'divider',
            p: 0.5,
            textAlign: 'left',
            verticalAlign: 'top',
            wordBreak: 'break-all',
          },
        }}
      >
        <thead>
          <tr>
            <th>{t('ops.audit.field')}</th>
            <th>{t('ops.audit.before')}</th>
            <th>{t('ops.audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field}>
              {/* The field's label where the console has one (the stored name in its title). */}
              <td title={change.field}>
                {i18n.exists(`fields.${change.field}`) ? t(`fields.${change.field}`) : change.field}
              </td>
              <td>{change.before}</td>
              <td>{change.after}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </WideDialog>
  );
}

/** /audit-log: who changed what and when, filtered by entity, action, operator and date; the changes of one. */
export function AuditLogScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({
    entity: '',
    action: '',
    operator: '',
    from: '',
    to: '',
  });
  const debounced = useDebouncedValue(filters);
  const query = useMemo<QueryParams>(() => auditQuery(debounced), [debounced]);
  const [open, setOpen] = useState<EntityRow | null>(null);
  const patch = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }));
  const entityOptions = ENTITIES.map((name) => ({ value: name, label: entityLabel(t, name) }));
  // Labels are worked out once per render of the column set, not per cell (cells stay light).
  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) => {
      const bot = t('marketsRef.audit.bot');
      const entityNames = new Map(ENTITIES.map((name) => [name, entityLabel(t, name)]));
      const out = overrideColumns(generated, {
        operator: { render: (row) => (row.operator === BOT_ACTOR ? bot : String(row.operator ?? '—')) },
        entity: { render: (row) => entityNames.get(String(row.entity)) ?? entityLabel(t, row.entity) },
      });
      const at = out.findIndex((column) => column.id === 'entity_id');
      out.splice(at + 1, 0, {
        id: 'object_name',
        header: t('marketsRef.audit.object'),
        width: 320,
        grow: 1,
        render: (row: EntityRow) =>
          objectTitle(row, entityNames.get(String(row.entity)) ?? entityLabel(t, row.entity)),
      });
      return out;
    },
    [t],
  );
  return (
    <Page title={t('nav.auditLog')}>
      <FilterBar>
        <ToolbarFilters
          filters={filters}
          onChange={patch}
          specs={[
            { kind: 'select', key: 'entity', options: entityOptions, width: 190 },
            { kind: 'enum', key: 'action', values: AUDIT_ACTIONS, width: 150 },
            { kind: 'text', key: 'operator', width: 170 },
            { kind: 'dates', from: 'from', to: 'to', labels: [t('ops.audit.from'), t('ops.audit.to')] },
          ]}
        />
      </FilterBar>
      <EntityTable
        routeId="audit.list"
        label={t('nav.auditLog')}
        query={query}
        fields={['id', 'at', 'operator', 'action', 'entity', 'entity_id']}
        columns={columns}
        defaultSort={{ id: 'id', desc: true }}
        onRowClick={setOpen}
        height="calc(100vh - 270px)"
      />
      {open && <AuditEntryDialog row={open} onClose={() => setOpen(null)} />}
    </Page>
  );
}
