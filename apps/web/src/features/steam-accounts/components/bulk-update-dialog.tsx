import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { STEAM_ACCOUNT_STATUSES, steamAccountEntity, type SteamAccountPatch } from '@toydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from '@/components/app-dialog';
import { SelectField } from '@/components/entity-form/select-field';
import { TagPicker } from '@/components/tag-picker';
import { notify } from '@/lib/notifications';
import { ApiFailure } from '@/lib/query';
import { fieldErrorsFromBody } from '@/lib/request';

import { useBulkUpdateSteamAccounts } from '../api/bulk-update-steam-accounts';
import { useServerGroupChoices } from '@/lib/server-group-choices';
import type { SteamAccountRow } from '../api/get-steam-accounts';
import { tagUpdateGroups, type TagMode } from '../utils/bulk-tags';
import type { ProxyOption } from './steam-account-dialog';

type BulkField = 'tags' | 'server_group' | 'proxy' | 'status';
const BULK_FIELDS: readonly BulkField[] = ['tags', 'server_group', 'proxy', 'status'];

const TAG_MODES: readonly TagMode[] = ['replace', 'add', 'remove'];

export interface BulkUpdateDialogProps {
  /** The selected accounts (their current tags matter for adding or removing tags). */
  accounts: readonly SteamAccountRow[];
  proxies: readonly ProxyOption[];
  onClose: () => void;
  onDone: () => void;
}

/** The same tags, server group, proxy or status on every selected account: only the ticked fields change. */
export function BulkUpdateDialog({ accounts, proxies, onClose, onDone }: BulkUpdateDialogProps) {
  const { t } = useTranslation();
  const serverGroups = useServerGroupChoices();
  const update = useBulkUpdateSteamAccounts();
  const [enabled, setEnabled] = useState<Record<BulkField, boolean>>({
    tags: false,
    server_group: false,
    proxy: false,
    status: false,
  });
  const [tags, setTags] = useState<number[]>([]);
  const [tagMode, setTagMode] = useState<TagMode>('replace');
  const [serverGroup, setServerGroup] = useState('');
  const [proxy, setProxy] = useState('');
  const [status, setStatus] = useState<string>('active');
  const [error, setError] = useState<string | null>(null);

  const fields: SteamAccountPatch = {};
  if (enabled.tags) fields.tags = tags;
  if (enabled.server_group) fields.server_group = serverGroup ? Number(serverGroup) : null;
  if (enabled.proxy) fields.proxy = proxy ? Number(proxy) : null;
  if (enabled.status) fields.status = status as SteamAccountPatch['status'];
  const nothing = Object.keys(fields).length === 0;

  const submit = async () => {
    setError(null);
    const parsed = steamAccountEntity.patchSchema.safeParse(fields);
    if (!parsed.success) {
      setError(parsed.error.issues.map((issue) => issue.message).join(' '));
      return;
    }
    try {
      const patch = parsed.data as SteamAccountPatch;
      // One call, or one per group of accounts that end with the same tags when adding or removing some.
      const groups = enabled.tags
        ? tagUpdateGroups(accounts, tagMode, tags)
        : [{ ids: accounts.map((account) => account.id), tags: undefined }];
      let updated = 0;
      for (const group of groups)
        updated += await update.mutateAsync({
          ids: group.ids,
          fields: group.tags === undefined ? patch : { ...patch, tags: group.tags },
        });
      notify({ text: t('ops.steamAccounts.bulkDone', { count: updated }), color: 'success' });
      onDone();
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.status === 400)
        setError(
          Object.entries(fieldErrorsFromBody(failure.errors))
            .map(([name, messages]) => `${name}: ${messages.join(' ')}`)
            .join('; '),
        );
      else setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const toggle = (name: BulkField) => (
    <FormControlLabel
      sx={{ minWidth: 170 }}
      control={
        <Checkbox
          checked={enabled[name]}
          onChange={(event) => setEnabled((current) => ({ ...current, [name]: event.target.checked }))}
        />
      }
      label={t(`fields.${name}`)}
    />
  );

  return (
    <AppDialog
      open
      onClose={onClose}
      persistent={update.isPending}
      maxWidth="sm"
      fullWidth
      title={t('ops.steamAccounts.bulkTitle', { count: accounts.length })}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={nothing || update.isPending}
            onClick={() => void submit()}
            data-testid="bulk-apply"
          >
            {t('ops.apply')}
          </Button>
        </>
      }
    >
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {BULK_FIELDS.map((name) => (
        <Box key={name} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {toggle(name)}
          {name === 'tags' && (
            <TextField
              select
              disabled={!enabled.tags}
              label={t('ops.steamAccounts.tagMode')}
              value={tagMode}
              onChange={(event) => setTagMode(event.target.value as TagMode)}
              sx={{ minWidth: 130 }}
            >
              {TAG_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {t(`ops.steamAccounts.tagModes.${mode}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {name === 'tags' && (
            <Box sx={{ flex: 1 }}>
              <TagPicker label={t('fields.tags')} value={tags} onChange={setTags} disabled={!enabled.tags} />
            </Box>
          )}
          {name === 'server_group' && (
            <SelectField
              fullWidth
              disabled={!enabled.server_group}
              label={t('fields.server_group')}
              value={serverGroup}
              onChange={(event) => setServerGroup(event.target.value)}
              noneLabel={t('common.none')}
              options={serverGroups.data ?? []}
            />
          )}
          {name === 'proxy' && (
            <SelectField
              fullWidth
              disabled={!enabled.proxy}
              label={t('fields.proxy')}
              value={proxy}
              onChange={(event) => setProxy(event.target.value)}
              noneLabel={t('common.none')}
              options={proxies.map((option) => ({ value: String(option.id), label: option.label }))}
            />
          )}
          {name === 'status' && (
            <SelectField
              fullWidth
              disabled={!enabled.status}
              label={t('fields.status')}
              value={status}
              onChange={(event) => setStatus(event.target.value)}
              options={STEAM_ACCOUNT_STATUSES.map((value) => ({ value, label: t(`enums.status.${value}`) }))}
            />
          )}
        </Box>
      ))}
    </AppDialog>
  );
}
