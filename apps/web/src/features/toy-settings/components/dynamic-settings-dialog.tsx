import { mdiDeleteOutline, mdiPencilOutline, mdiPlus } from '@mdi/js';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  phasesOf,
  toyDynamicSettingEntity,
  type MarketCode,
  type ToyDynamicSetting,
  type ToyDynamicSettingCreate,
} from '@toydesk/contract';
import { useMemo, useState, type FormEvent } from 'react';

import { AppDialog } from '@/components/app-dialog';
import { EntityField } from '@/components/entity-form/entity-field';
import { MdiIcon } from '@/components/mdi-icon';
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { marketByCode, useCommonData } from '@/lib/common-data';
import { formToBody, initialFormValues, type FormValue, type FormValues } from '@/lib/entity-form';
import { formatAmount } from '@/lib/format';
import { marketCurrency } from '@/lib/market-currency';
import { notify } from '@/lib/notifications';
import { ApiFailure } from '@/lib/query';
import { fieldErrorsFromBody } from '@/lib/request';
import { validateWithSchema } from '@/lib/validation';
import { useUiLang } from '@/lib/use-ui-lang';

import { useDeleteDynamicSetting, useDynamicSettings, useSaveDynamicSetting } from '../api/dynamic-settings';
import { priceRangeErrors } from '../utils/price-range';

const FORM_FIELDS = [
  'market_account',
  'phase',
  'min_price_buy',
  'max_price_buy',
  'step',
  'max_orders',
  'enable_dynamic_order',
] as const;

export interface DynamicSettingsDialogProps {
  toy: number;
  market: MarketCode;
  name: string;
  onClose: () => void;
}

/**
 * The dynamic-order settings of one item on one market: a shared row for every account of the market and
 * private rows per market account (a private row wins). Saved through create-or-update, keyed by account
 * and, for a name with Doppler phases, by phase (each phase its own order at its own prices).
 */
export function DynamicSettingsDialog({ toy, market, name, onClose }: DynamicSettingsDialogProps) {
  const { t, lang } = useUiLang();
  const common = useCommonData();
  const settings = useDynamicSettings(toy, market);
  const save = useSaveDynamicSetting();
  const remove = useDeleteDynamicSetting();
  const [editing, setEditing] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmId, setConfirmId] = useState<number | null>(null);

  const accounts = useMemo(
    () =>
      common.steamAccounts
        .flatMap((a) => a.market_accounts)
        .filter((m) => m.market === market)
        .map((m) => ({ value: String(m.id), label: m.label })),
    [common.steamAccounts, market],
  );
  // The phase field is only offered for names that have phases (Doppler, Gamma Doppler).
  const phases = useMemo(() => phasesOf(name), [name]);
  const formFields = FORM_FIELDS.filter((field) => field !== 'phase' || phases.length > 0);
  const phaseChoices = phases.map((phase) => ({ value: phase, label: t(`enums.phase.${phase}`) }));
  const accountLabel = (id: number | null) =>
    id === null
      ? t('marketToys.dynamic.shared')
      : (accounts.find((a) => a.value === String(id))?.label ?? `#${id}`);

  const edit = (row: ToyDynamicSetting | null) => {
    setErrors({});
    const values = initialFormValues(toyDynamicSettingEntity, row ?? { step: '0.01', max_orders: 1 });
    setEditing(Object.fromEntries(formFields.map((f) => [f, values[f] ?? ''])));
  };
  const set = (field: string, value: FormValue) => {
    setEditing((current) => (current ? { ...current, [field]: value } : current));
    setErrors(({ [field]: _removed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const fields = formToBody(toyDynamicSettingEntity, editing, 'create');
    const body: Record<string, unknown> = {
      ...fields,
      toy,
      market,
      market_account: fields.market_account ?? null,
      // One account's row is private to it; the row without an account is shared by the market.
      scope: fields.market_account ? 'private' : 'shared',
    };
    const found = {
      ...validateWithSchema(toyDynamicSettingEntity.createSchema, body, lang),
      ...priceRangeErrors(body, {}, lang, t('marketToys.minAboveMax')),
    };
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(toyDynamicSettingEntity.createSchema.parse(body) as ToyDynamicSettingCreate);
      notify({ text: t('marketToys.dynamic.saved'), color: 'success' });
      setEditing(null);
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 400) {
        setErrors(
          Object.fromEntries(
            Object.entries(fieldErrorsFromBody(error.errors)).map(([field, messages]) => [
              field,
              messages.join(' '),
            ]),
          ),
        );
      } else {
        setErrors({ non_field_errors: error instanceof Error ? error.message : String(error) });
      }
    }
  };

  const columns: VirtualColumn<ToyDynamicSetting>[] = [
    {
      id: 'account',
      header: t('fields.market_account'),
      width: 200,
      grow: 1,
      render: (r) => accountLabel(r.market_account),
    },
    ...(phases.length > 0
      ? [
          {
            id: 'phase',
            header: t('fields.phase'),
            width: 130,
            render: (r: ToyDynamicSetting) =>
              r.phase === null ? t('marketToys.dynamic.noPhase') : t(`enums.phase.${r.phase}`),
          },
        ]
      : []),
    ...(['min_price_buy', 'max_price_buy', 'step'] as const).map((id): VirtualColumn<ToyDynamicSetting> => ({
      id,
      header: t(`fields.${id}`),
      width: 120,
      align: 'right',
      render: (r) => formatAmount(r[id], marketCurrency(market), lang),
    })),
    {
      id: 'max_orders',
      header: t('fields.max_orders'),
      width: 90,
      align: 'right',
      render: (r) => r.max_orders,
    },
    {
      id: 'enabled',
      header: t('fields.enable_dynamic_order'),
      width: 120,
      align: 'center',
      render: (r) => (r.enable_dynamic_order ? t('common.yes') : t('common.no')),
    },
    {
      id: 'actions',
      header: '',
      width: 150,
      align: 'right',
      render: (r) =>
        confirmId === r.id ? (
          <Button
            size="small"
            color="error"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(r.id, {
                onSuccess: () => {
                  setConfirmId(null);
                  notify({ text: t('marketToys.dynamic.deleted'), color: 'success' });
                },
              })
            }
          >
            {t('marketToys.dynamic.confirmDelete')}
          </Button>
        ) : (
          <Stack direction="row">
            <Tooltip title={t('common.edit')}>
              <IconButton size="small" aria-label={t('common.edit')} onClick={() => edit(r)}>
                <MdiIcon path={mdiPencilOutline} sx={{ fontSize: 18 }} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.delete')}>
              <IconButton
                size="small"
                color="error"
                aria-label={t('common.delete')}
                onClick={() => setConfirmId(r.id)}
              >
                <MdiIcon path={mdiDeleteOutline} sx={{ fontSize: 18 }} />
              </IconButton>
            </Tooltip>
          </Stack>
        ),
    },
  ];

  return (
    <AppDialog
      open
      onClose={onClose}
      persistent={editing !== null || save.isPending}
      maxWidth="md"
      fullWidth
      title={t('marketToys.dynamic.title', {
        name,
        market: marketByCode(common.markets, market)?.name ?? market,
      })}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {(settings.isFetching || save.isPending) && <LinearProgress sx={{ mb: 1 }} />}
      <Alert severity="info" sx={{ mb: 1 }}>
        {t('marketToys.dynamic.hint')}
        {phases.length > 0 && ` ${t('marketToys.dynamic.phaseHint')}`}
      </Alert>
      <VirtualTable
        rows={settings.data ?? []}
        columns={columns}
        getRowId={(r) => r.id}
        label={t('marketToys.dynamic.table')}
        height={200}
        rowHeight={34}
        emptyText={t('marketToys.dynamic.empty')}
      />
      {editing ? (
        <Paper variant="outlined" sx={{ p: 1.5, mt: 1 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('marketToys.dynamic.formTitle')}
          </Typography>
          <Box
            component="form"
            noValidate
            onSubmit={(event) => void submit(event)}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, columnGap: 2 }}
            aria-label={t('marketToys.dynamic.formTitle')}
          >
            {Object.entries(errors)
              .filter(([field]) => !(FORM_FIELDS as readonly string[]).includes(field))
              .map(([field, message]) => (
                <Alert
                  key={field}
                  severity="error"
                  sx={{ gridColumn: '1 / -1', mb: 1 }}
                  data-testid="form-error"
                >
                  {field === 'non_field_errors' ? message : `${field}: ${message}`}
                </Alert>
              ))}
            {formFields.map((field) => (
              <EntityField
                key={field}
                name={field}
                def={toyDynamicSettingEntity.fields[field]}
                value={editing[field] ?? ''}
                onChange={(value) => set(field, value)}
                error={errors[field]}
                choices={field === 'market_account' ? accounts : field === 'phase' ? phaseChoices : undefined}
              />
            ))}
            <Stack
              direction="row"
              spacing={1}
              sx={{ gridColumn: '1 / -1', justifyContent: 'flex-end', mt: 1 }}
            >
              <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {t('common.save')}
              </Button>
            </Stack>
          </Box>
        </Paper>
      ) : (
        <Button sx={{ mt: 1 }} startIcon={<MdiIcon path={mdiPlus} />} onClick={() => edit(null)}>
          {t('marketToys.dynamic.add')}
        </Button>
      )}
    </AppDialog>
  );
}
