import { MenuItem, TextField } from '@mui/material';
import { MARKET_ACCOUNT_STATUSES, type MarketAccountPatch, type SpendGuardView } from '@toydesk/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/entity-form/form-dialog-parts';
import { TagPicker } from '@/components/tag-picker';
import { notify } from '@/lib/notifications';
import { serverFormErrors } from '@/lib/server-form-errors';

import { useBulkUpdateMarketAccounts } from '../api/bulk-update-market-accounts';
import type { MarketAccountRow } from '../api/get-market-accounts';
import type { ProxyOption } from '../api/get-proxy-options';
import { goLiveAccounts, type GoLiveAccount } from '../utils/go-live';
import { GoLiveDialog } from './go-live-dialog';
import { LOOP_SWITCHES } from './market-account-dialog';

/** '' leaves the field as it is on every account. */
const KEEP = '';
const NO_PROXY = 'none';

export interface BulkChoices {
  status: string;
  proxy: string;
  /** null: leave the tags; else the new tag list. */
  tags: number[] | null;
  switches: Record<string, '' | 'on' | 'off'>;
}

/** The PATCH fields of the operator's choices: only what they chose to change. */
export function bulkFields(choices: BulkChoices): MarketAccountPatch {
  const fields: Record<string, unknown> = {};
  if (choices.status !== KEEP) fields.status = choices.status;
  if (choices.proxy !== KEEP) fields.proxy = choices.proxy === NO_PROXY ? null : Number(choices.proxy);
  if (choices.tags !== null) fields.tags = choices.tags;
  for (const [name, value] of Object.entries(choices.switches)) if (value) fields[name] = value === 'on';
  return fields as MarketAccountPatch;
}

export interface MarketAccountsBulkDialogProps {
  ids: readonly number[];
  /** The selected accounts' rows: a change that takes any of them live is confirmed first. */
  accounts: readonly MarketAccountRow[];
  spending: ReadonlyMap<number, SpendGuardView> | undefined;
  spendingFailed: boolean;
  proxies: readonly ProxyOption[];
  onClose: () => void;
  onDone: () => void;
}

/** Sets tags, proxy, status and loop switches on every selected account in one atomic call. */
export function MarketAccountsBulkDialog({
  ids,
  accounts,
  spending,
  spendingFailed,
  proxies,
  onClose,
  onDone,
}: MarketAccountsBulkDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const bulk = useBulkUpdateMarketAccounts();
  const [choices, setChoices] = useState<BulkChoices>({
    status: KEEP,
    proxy: KEEP,
    tags: null,
    switches: {},
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [goLive, setGoLive] = useState<GoLiveAccount[] | null>(null);
  const fields = bulkFields(choices);
  const nothing = Object.keys(fields).length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (nothing) return;
    // Dry run off or a loop on outside dry run: the accounts going live are confirmed first.
    const live = goLiveAccounts(accounts, fields);
    if (live.length > 0) setGoLive(live);
    else await send();
  };

  const send = async () => {
    setFormError(null);
    try {
      const updated = await bulk.mutateAsync({ ids, fields });
      notify({ text: t('marketAccounts.bulkDone', { count: updated }), color: 'success' });
      onDone();
    } catch (error) {
      const shown = serverFormErrors(error, []);
      setFormError(shown.form);
    }
    setGoLive(null);
  };

  return (
    <FormDialog
      formId={formId}
      title={t('marketAccounts.bulkTitle', { count: ids.length })}
      onClose={onClose}
      persistent={!nothing || bulk.isPending}
      editing
      submitLabel={t('marketAccounts.bulkApply')}
      submitDisabled={nothing || bulk.isPending}
      working={bulk.isPending}
      formError={formError}
      onSubmit={submit}
      above={
        goLive && (
          <GoLiveDialog
            accounts={goLive}
            spending={spending}
            spendingFailed={spendingFailed}
            busy={bulk.isPending}
            onConfirm={() => void send()}
            onClose={() => setGoLive(null)}
          />
        )
      }
    >
      <TextField
        select
        fullWidth
        id={`${formId}-status`}
        label={t('fields.status')}
        value={choices.status}
        onChange={(event) => setChoices((c) => ({ ...c, status: event.target.value }))}
      >
        <MenuItem value={KEEP}>{t('marketAccounts.keep')}</MenuItem>
        {MARKET_ACCOUNT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`enums.status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth
        id={`${formId}-proxy`}
        label={t('fields.proxy')}
        value={choices.proxy}
        onChange={(event) => setChoices((c) => ({ ...c, proxy: event.target.value }))}
      >
        <MenuItem value={KEEP}>{t('marketAccounts.keep')}</MenuItem>
        <MenuItem value={NO_PROXY}>{t('common.none')}</MenuItem>
        {proxies.map((proxy) => (
          <MenuItem key={proxy.id} value={String(proxy.id)}>
            {proxy.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth
        id={`${formId}-tags-mode`}
        label={t('marketAccounts.tagsMode')}
        value={choices.tags === null ? 'keep' : 'set'}
        onChange={(event) =>
          setChoices((c) => ({ ...c, tags: event.target.value === 'keep' ? null : (c.tags ?? []) }))
        }
      >
        <MenuItem value="keep">{t('marketAccounts.keep')}</MenuItem>
        <MenuItem value="set">{t('marketAccounts.replaceTags')}</MenuItem>
      </TextField>
      {choices.tags !== null ? (
        <TagPicker
          label={t('fields.tags')}
          value={choices.tags}
          onChange={(tags) => setChoices((c) => ({ ...c, tags }))}
        />
      ) : (
        <span />
      )}
      {LOOP_SWITCHES.map((name) => (
        <TextField
          key={name}
          select
          fullWidth
          id={`${formId}-${name}`}
          label={t(`fields.${name}`)}
          value={choices.switches[name] ?? KEEP}
          onChange={(event) =>
            setChoices((c) => ({
              ...c,
              switches: { ...c.switches, [name]: event.target.value as '' | 'on' | 'off' },
            }))
          }
        >
          <MenuItem value={KEEP}>{t('marketAccounts.keep')}</MenuItem>
          <MenuItem value="on">{t('marketAccounts.switchOn')}</MenuItem>
          <MenuItem value="off">{t('marketAccounts.switchOff')}</MenuItem>
        </TextField>
      ))}
    </FormDialog>
  );
}
