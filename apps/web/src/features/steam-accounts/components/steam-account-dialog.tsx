import { Alert, Autocomplete, Box, Chip, MenuItem, TextField } from '@mui/material';
import {
  CURRENCIES,
  STEAM_ACCOUNT_STATUSES,
  steamAccountEntity,
  type SteamAccountCreate,
  type SteamAccountPatch,
} from '@toydesk/contract';
import { useId, useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from '@/components/app-dialog';
import { FormDialogActions, FormDialogBody } from '@/components/entity-form/form-dialog-parts';
import { useFormValues } from '@/components/entity-form/use-form-values';
import { contrastText } from '@/components/tag-chips';
import { useCommonData } from '@/lib/common-data';
import { formToBody, initialFormValues } from '@/lib/entity-form';
import { notify } from '@/lib/notifications';
import { useRules, validateWithSchema } from '@/lib/validation';

import { useServerGroupOptions } from '../api/get-server-groups';
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
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  const common = useCommonData();
  const rules = useRules();
  const serverGroups = useServerGroupOptions();
  const save = useSaveSteamAccount();
  const formId = useId();

  const initial = useMemo(() => initialFormValues(steamAccountEntity, account ?? undefined), [account]);
  const { values, errors, setErrors, formError, setFormError, dirty, set, fieldProps, showSaveError } =
    useFormValues(initial, formId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const mode = account ? 'patch' : 'create';
    const body = formToBody(steamAccountEntity, values, mode, initial);
    const schema = account ? steamAccountEntity.patchSchema : steamAccountEntity.createSchema;
    const found = validateWithSchema(schema, body, lang) ?? {};
    const required = rules.required(values.steam_account_name);
    if (required !== true) found.steam_account_name = required;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
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

  const selectedTags = common.tags.filter((tag) => (values.tags as number[]).includes(tag.id));

  return (
    <AppDialog
      open
      onClose={onClose}
      persistent={dirty || save.isPending}
      maxWidth="md"
      fullWidth
      aria-labelledby={`${formId}-title`}
      title={
        <span id={`${formId}-title`}>
          {account
            ? t('steamAccounts.editTitle', { name: account.steam_account_name })
            : t('steamAccounts.createTitle')}
        </span>
      }
      actions={
        <FormDialogActions
          formId={formId}
          onClose={onClose}
          disabled={save.isPending}
          editing={Boolean(account)}
        />
      }
    >
      <FormDialogBody formId={formId} working={save.isPending} formError={formError} onSubmit={submit}>
        {TEXT_FIELDS.map((name) => (
          <TextField key={name} {...fieldProps(name)} required={name === 'steam_account_name'} />
        ))}
        <TextField {...fieldProps('status')} select>
          {STEAM_ACCOUNT_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`enums.status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...fieldProps('server_group')} select>
          <MenuItem value="">{t('common.none')}</MenuItem>
          {(serverGroups.data ?? []).map((group) => (
            <MenuItem key={group.id} value={String(group.id)}>
              {group.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...fieldProps('proxy')} select>
          <MenuItem value="">{t('common.none')}</MenuItem>
          {proxies.map((proxy) => (
            <MenuItem key={proxy.id} value={String(proxy.id)}>
              {proxy.label}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          multiple
          options={common.tags}
          value={selectedTags}
          getOptionLabel={(tag) => tag.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_event, tags) =>
            set(
              'tags',
              tags.map((tag) => tag.id),
            )
          }
          renderValue={(tags, getItemProps) =>
            tags.map((tag, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return (
                <Chip
                  key={key}
                  {...itemProps}
                  size="small"
                  label={tag.name}
                  sx={{ bgcolor: tag.color, color: contrastText(tag.color) }}
                />
              );
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('fields.tags')}
              error={Boolean(errors.tags)}
              helperText={errors.tags}
            />
          )}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', columnGap: 1 }}>
          <TextField {...fieldProps('balance')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          <TextField {...fieldProps('balance_currency')} select>
            {CURRENCIES.map((currency) => (
              <MenuItem key={currency} value={currency}>
                {currency}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Alert severity="info" sx={{ gridColumn: '1 / -1', my: 1 }}>
          {t('steamAccounts.secretsHint')}
        </Alert>
        {SECRET_FIELDS.map((name) => (
          <TextField
            key={name}
            {...fieldProps(name)}
            type="password"
            placeholder={(account?.[name] as string | null | undefined) ?? t('steamAccounts.secretNotSet')}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { autoComplete: 'new-password', 'data-secret': 'true' },
            }}
          />
        ))}
        <TextField {...fieldProps('notes')} multiline sx={{ gridColumn: '1 / -1' }} />
      </FormDialogBody>
    </AppDialog>
  );
}
