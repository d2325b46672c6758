import { Box, FormControlLabel, Switch, TextField } from '@mui/material';
import {
  MARKET_ACCOUNT_STATUSES,
  marketAccountEntity,
  type MarketAccountCreate,
  type MarketAccountPatch,
} from '@toydesk/contract';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/entity-form/form-dialog-parts';
import { BalanceFields, ProxyField, SecretFields } from '@/components/entity-form/account-fields';
import { SelectField } from '@/components/entity-form/select-field';
import { useFormValues } from '@/components/entity-form/use-form-values';
import { TagPicker } from '@/components/tag-picker';
import { useCommonData } from '@/lib/common-data';
import { formToBody, initialFormValues } from '@/lib/entity-form';
import { marketOptions, steamAccountOptions } from '@/lib/filter-options';
import { notify } from '@/lib/notifications';
import { statusOptions } from '@/lib/status-options';

import type { MarketAccountRow } from '../api/get-market-accounts';
import type { ProxyOption } from '../api/get-proxy-options';
import { useSaveMarketAccount } from '../api/save-market-account';
import { useSpendSummary } from '../api/spend-guard';
import { goLiveAccounts, goLiveOnCreate, type GoLiveAccount } from '../utils/go-live';
import { GoLiveDialog } from './go-live-dialog';

/** Write-only: the form starts them empty, shows the stored mask, and sends only what is typed. */
const SECRET_FIELDS = ['api_key', 'pay_password'] as const;

/** The trading-loop switches of the account (issue 4 section 7). */
export const LOOP_SWITCHES = [
  'keep_online',
  'auto_deliver',
  'auto_sell',
  'dynamic_orders',
  'dry_run',
] as const;
export type LoopSwitch = (typeof LOOP_SWITCHES)[number];

export interface MarketAccountDialogProps {
  /** The account to edit, or null to create one (market preset when a market tab is open). */
  account: MarketAccountRow | null;
  defaultMarket?: string;
  proxies: readonly ProxyOption[];
  onClose: () => void;
}

/** Create or edit a market account: checked with the contract's schemas, the server's 400 on the fields. */
export function MarketAccountDialog({ account, defaultMarket, proxies, onClose }: MarketAccountDialogProps) {
  const { t } = useTranslation();
  const common = useCommonData();
  const save = useSaveMarketAccount();
  const formId = useId();

  const initial = useMemo(() => {
    const values = initialFormValues(marketAccountEntity, account ?? undefined);
    if (!account) {
      values.market = defaultMarket ?? '';
      values.currency = 'RUB';
      values.status = 'active';
      values.balance = '0';
      values.dry_run = true;
    }
    return values;
  }, [account, defaultMarket]);
  const { values, errors, setFormError, set, fieldProps, check, dialogProps, showSaveError } = useFormValues(
    initial,
    formId,
  );
  /** An edit that takes the account live, waiting for the operator's confirmation (nothing sent yet). */
  const [goLive, setGoLive] = useState<{
    body: MarketAccountPatch | MarketAccountCreate;
    accounts: GoLiveAccount[];
    creating: boolean;
  } | null>(null);
  const spendSummary = useSpendSummary();
  const spending = useMemo(
    () => new Map((spendSummary.data ?? []).map((view) => [view.market_account, view])),
    [spendSummary.data],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = formToBody(marketAccountEntity, values, account ? 'patch' : 'create', initial);
    const schema = account ? marketAccountEntity.patchSchema : marketAccountEntity.createSchema;
    if (!check(schema, body, ['market', 'steam_account'])) return;
    if (account && Object.keys(body).length === 0) {
      onClose();
      return;
    }
    if (account) {
      const patch = schema.parse(body) as MarketAccountPatch;
      // Dry run off, or a loop on outside dry run, spends money: the operator confirms first.
      const accounts = goLiveAccounts([account], patch);
      if (accounts.length > 0) setGoLive({ body: patch, accounts, creating: false });
      else await send(patch);
      return;
    }
    const create = schema.parse(body) as MarketAccountCreate;
    // Created with dry run off, it trades for real at once: the same confirmation as going live.
    const marketName = common.markets.find((market) => market.code === create.market)?.name ?? create.market;
    const steamName =
      common.steamAccounts.find((steam) => steam.id === Number(create.steam_account))?.steam_account_name ??
      '';
    const live = goLiveOnCreate(create, `${marketName} ${steamName}`.trim(), create.currency ?? 'RUB');
    if (live) setGoLive({ body: create, accounts: [live], creating: true });
    else await send(create);
  };

  const send = async (body: MarketAccountPatch | MarketAccountCreate) => {
    setGoLive(null);
    try {
      if (account) {
        await save.mutateAsync({ id: account.id, body: body as MarketAccountPatch });
      } else {
        await save.mutateAsync({ id: null, body: body as MarketAccountCreate });
      }
      notify({ text: account ? t('marketAccounts.saved') : t('marketAccounts.created'), color: 'success' });
      onClose();
    } catch (error) {
      showSaveError(error);
    }
  };

  return (
    <FormDialog
      {...dialogProps(save.isPending)}
      maxWidth="md"
      title={
        account ? t('marketAccounts.editTitle', { name: account.label }) : t('marketAccounts.createTitle')
      }
      onClose={onClose}
      editing={Boolean(account)}
      onSubmit={submit}
      above={
        goLive && (
          <GoLiveDialog
            accounts={goLive.accounts}
            spending={spendSummary.isSuccess ? spending : undefined}
            spendingFailed={spendSummary.isError}
            {...(goLive.creating && {
              title: t('pricing.create.title', { names: goLive.accounts[0]?.account.label ?? '' }),
              intro: t('pricing.create.intro'),
              confirmLabel: t('pricing.create.confirm'),
            })}
            onConfirm={() => void send(goLive.body)}
            onClose={() => setGoLive(null)}
          />
        )
      }
    >
      <SelectField {...fieldProps('market')} required options={marketOptions(common.markets)} />
      <SelectField
        {...fieldProps('steam_account')}
        required
        options={steamAccountOptions(common.steamAccounts)}
      />
      <SelectField {...fieldProps('status')} options={statusOptions(MARKET_ACCOUNT_STATUSES, t)} />
      <ProxyField field={fieldProps('proxy')} proxies={proxies} noneLabel={t('common.none')} />
      <BalanceFields balance={fieldProps('balance')} currency={fieldProps('currency')} />
      <TagPicker
        label={t('fields.tags')}
        value={values.tags as number[]}
        onChange={(ids) => set('tags', ids)}
        error={errors.tags}
      />
      <SecretFields
        names={SECRET_FIELDS}
        fieldProps={fieldProps}
        stored={(name) => account?.[name as (typeof SECRET_FIELDS)[number]]}
        hint={t('marketAccounts.secretsHint')}
        notSet={t('marketAccounts.secretNotSet')}
      />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {LOOP_SWITCHES.map((name) => (
          <FormControlLabel
            key={name}
            control={
              <Switch
                checked={values[name] === true}
                onChange={(event) => set(name, event.target.checked)}
                color={name === 'dry_run' ? 'warning' : 'primary'}
              />
            }
            label={t(`fields.${name}`)}
          />
        ))}
      </Box>
      <TextField {...fieldProps('notes')} multiline sx={{ gridColumn: '1 / -1' }} />
    </FormDialog>
  );
}
