import { TextField } from '@mui/material';
import {
  STEAM_ACCOUNT_STATUSES,
  steamAccountEntity,
  type SteamAccountCreate,
  type SteamAccountPatch,
} from '@toydesk/contract';
import { useId, useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/entity-form/form-dialog-parts';
import { BalanceFields, ProxyField, SecretFields } from '@/components/entity-form/account-fields';
import { SelectField } from '@/components/entity-form/select-field';
import { useFormValues } from '@/components/entity-form/use-form-values';
import { TagPicker } from '@/components/tag-picker';
import { formToBody, initialFormValues } from '@/lib/entity-form';
import { notify } from '@/lib/notifications';
import { statusOptions } from '@/lib/status-options';

import { useServerGroupChoices } from '@/lib/server-group-choices';
import type { SteamAccountRow } from '../api/get-steam-accounts';
import { useSaveSteamAccount } from '../api/save-steam-account';

/** The write-only fields: the form starts them empty, shows the stored mask, and sends only what is typed. */
export const SECRET_FIELDS = [
  'password',
  'shared_secret',
  'identity_secret',
  'revocation_code',
  'email_password',
] as const;

const TEXT_FIELDS = ['steam_account_name', 'login', 'steam_id', 'email', 'phone', 'trade_url'] as const;

export interface ProxyOption {
  id: number;
  label: string;
}

export interface SteamAccountDialogProps {
  /** The account to edit, or null to create one. */
  account: SteamAccountRow | null;
  proxies: readonly ProxyOption[];
  onClose: () => void;
}

/** Create or edit a Steam account: validated by the contract's schemas, the server's 400 shown on the fields. */
export function SteamAccountDialog({ account, proxies, onClose }: SteamAccountDialogProps) {
  const { t } = useTranslation();
  const serverGroups = useServerGroupChoices();
  const save = useSaveSteamAccount();
  const formId = useId();

  const initial = useMemo(() => initialFormValues(steamAccountEntity, account ?? undefined), [account]);
  const { values, errors, setFormError, set, fieldProps, check, dialogProps, showSaveError } = useFormValues(
    initial,
    formId,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const mode = account ? 'patch' : 'create';
    const body = formToBody(steamAccountEntity, values, mode, initial);
    const schema = account ? steamAccountEntity.patchSchema : steamAccountEntity.createSchema;
    if (!check(schema, body, ['steam_account_name'])) return;
    if (account && Object.keys(body).length === 0) {
      onClose();
      return;
    }
    try {
      if (account) {
        await save.mutateAsync({ id: account.id, body: schema.parse(body) as SteamAccountPatch });
      } else {
        await save.mutateAsync({ id: null, body: schema.parse(body) as SteamAccountCreate });
      }
      notify({ text: account ? t('steamAccounts.saved') : t('steamAccounts.created'), color: 'success' });
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
        account
          ? t('steamAccounts.editTitle', { name: account.steam_account_name })
          : t('steamAccounts.createTitle')
      }
      onClose={onClose}
      editing={Boolean(account)}
      onSubmit={submit}
    >
      {TEXT_FIELDS.map((name) => (
        <TextField key={name} {...fieldProps(name)} required={name === 'steam_account_name'} />
      ))}
      <SelectField {...fieldProps('status')} options={statusOptions(STEAM_ACCOUNT_STATUSES, t)} />
      <SelectField
        {...fieldProps('server_group')}
        noneLabel={t('common.none')}
        options={serverGroups.data ?? []}
      />
      <ProxyField field={fieldProps('proxy')} proxies={proxies} noneLabel={t('common.none')} />
      <TagPicker
        label={t('fields.tags')}
        value={values.tags as number[]}
        onChange={(ids) => set('tags', ids)}
        error={errors.tags}
      />
      <BalanceFields balance={fieldProps('balance')} currency={fieldProps('balance_currency')} />
      <SecretFields
        names={SECRET_FIELDS}
        fieldProps={fieldProps}
        stored={(name) => account?.[name as (typeof SECRET_FIELDS)[number]] as string | null | undefined}
        hint={t('steamAccounts.secretsHint')}
        notSet={t('steamAccounts.secretNotSet')}
      />
      <TextField {...fieldProps('notes')} multiline sx={{ gridColumn: '1 / -1' }} />
    </FormDialog>
  );
}
