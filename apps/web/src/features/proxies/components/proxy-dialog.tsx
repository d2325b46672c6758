import { Alert, TextField } from '@mui/material';
import {
  botProxyPatchSchema,
  PROXY_PROTOCOLS,
  proxyEntity,
  type BotProxyPatch,
  type Proxy,
  type ProxyCreate,
} from '@toydesk/contract';
import { useId, useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/entity-form/form-dialog-parts';
import { SelectField } from '@/components/entity-form/select-field';
import { useFormValues } from '@/components/entity-form/use-form-values';
import { formToBody, initialFormValues, type FormValues } from '@/lib/entity-form';
import { notify } from '@/lib/notifications';

import { useCreateProxy, useUpdateProxy } from '../api/save-proxy';

const TEXT_FIELDS = ['host', 'port', 'username'] as const;

/** The health fields are the service's own: a form never sends them. */
const HEALTH_FIELDS = ['status', 'latency_ms', 'last_checked_at'] as const;

export interface ProxyDialogProps {
  /** The proxy to edit (its bot-service record), or none to add one. */
  proxy?: Proxy | null;
  onClose: () => void;
}

/**
 * Add or edit a bot-service proxy. The password is write-only (stored encrypted, shown masked): editing
 * starts it empty, and left empty it is not sent, so the stored one stays.
 */
export function ProxyDialog({ proxy = null, onClose }: ProxyDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const create = useCreateProxy();
  const update = useUpdateProxy();
  const pending = create.isPending || update.isPending;
  const initial = useMemo<FormValues>(
    () => ({ ...initialFormValues(proxyEntity, proxy ?? undefined), protocol: proxy?.protocol ?? 'http' }),
    [proxy],
  );
  const { values, errors, setFormError, fieldProps, check, dialogProps, showSaveError } = useFormValues(
    initial,
    formId,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    // An edit sends only what the operator changed (and the password only when typed).
    const body = formToBody(proxyEntity, values, proxy ? 'patch' : 'create', initial);
    for (const name of HEALTH_FIELDS) delete body[name];
    const schema = proxy ? botProxyPatchSchema : proxyEntity.createSchema;
    if (!check(schema, body)) return;
    if (proxy && Object.keys(body).length === 0) {
      onClose();
      return;
    }
    try {
      if (proxy) {
        await update.mutateAsync({ id: proxy.id, body: botProxyPatchSchema.parse(body) as BotProxyPatch });
        notify({ text: t('ops.proxies.saved'), color: 'success' });
      } else {
        await create.mutateAsync(proxyEntity.createSchema.parse(body) as ProxyCreate);
        notify({ text: t('ops.proxies.created'), color: 'success' });
      }
      onClose();
    } catch (error) {
      showSaveError(error);
    }
  };

  return (
    <FormDialog
      {...dialogProps(pending)}
      title={
        proxy
          ? t('ops.proxies.editTitle', { name: `${proxy.protocol}://${proxy.host}:${proxy.port}` })
          : t('ops.proxies.add')
      }
      onClose={onClose}
      // Only a save under way holds the dialog open; a half-typed proxy may be dropped by a click outside.
      persistent={pending}
      editing={Boolean(proxy)}
      onSubmit={submit}
    >
      <SelectField
        {...fieldProps('protocol')}
        options={PROXY_PROTOCOLS.map((protocol) => ({
          value: protocol,
          label: t(`enums.protocol.${protocol}`),
        }))}
      />
      {TEXT_FIELDS.map((name) => (
        <TextField key={name} {...fieldProps(name)} required={name !== 'username'} />
      ))}
      <TextField
        {...fieldProps('password')}
        type="password"
        // Editing: the stored password is never shown; the mask says whether there is one.
        placeholder={proxy ? (proxy.password ?? t('ops.proxies.passwordNotSet')) : undefined}
        helperText={errors.password ?? (proxy ? t('ops.proxies.passwordKeep') : undefined)}
        slotProps={{
          ...(proxy ? { inputLabel: { shrink: true } } : {}),
          htmlInput: { autoComplete: 'new-password', 'data-secret': 'true' },
        }}
      />
      <TextField {...fieldProps('comment')} multiline sx={{ gridColumn: '1 / -1' }} />
      <Alert severity="info" sx={{ gridColumn: '1 / -1', my: 1 }}>
        {t('ops.proxies.passwordHint')}
      </Alert>
    </FormDialog>
  );
}
