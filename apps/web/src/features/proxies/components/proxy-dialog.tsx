import { Alert, Box, Button, LinearProgress, MenuItem, TextField } from '@mui/material';
import { PROXY_PROTOCOLS, proxyEntity, type ProxyCreate } from '@toydesk/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from '@/components/app-dialog';
import { formToBody, initialFormValues, type FormValues } from '@/lib/entity-form';
import { notify } from '@/lib/notifications';
import { ApiFailure } from '@/lib/query';
import { fieldErrorsFromBody } from '@/lib/request';
import { validateWithSchema } from '@/lib/validation';

import { useCreateProxy } from '../api/save-proxy';

const TEXT_FIELDS = ['host', 'port', 'username'] as const;

/** Add a proxy to the bot service: the password is write-only (sent once, stored encrypted, shown masked). */
export function ProxyDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  const formId = useId();
  const create = useCreateProxy();
  const [values, setValues] = useState<FormValues>(() => ({
    ...initialFormValues(proxyEntity),
    protocol: 'http',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const set = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _removed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = formToBody(proxyEntity, values, 'create');
    // The health fields are the service's own.
    delete body.status;
    delete body.latency_ms;
    delete body.last_checked_at;
    const found = validateWithSchema(proxyEntity.createSchema, body, lang);
    if (found) {
      setErrors(found);
      return;
    }
    try {
      await create.mutateAsync(proxyEntity.createSchema.parse(body) as ProxyCreate);
      notify({ text: t('ops.proxies.created'), color: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 400) {
        const server = fieldErrorsFromBody(error.errors);
        const onFields: Record<string, string> = {};
        const other: string[] = [];
        for (const [name, messages] of Object.entries(server)) {
          if (name in values) onFields[name] = messages.join(' ');
          else other.push(messages.join(' '));
        }
        setErrors(onFields);
        setFormError(other.length > 0 ? other.join(' ') : null);
      } else setFormError(error instanceof Error ? error.message : String(error));
    }
  };

  const fieldProps = (name: string) => ({
    id: `${formId}-${name}`,
    name,
    label: t(`fields.${name}`),
    value: text(name),
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });

  return (
    <AppDialog
      open
      onClose={onClose}
      persistent={create.isPending}
      maxWidth="sm"
      fullWidth
      title={t('ops.proxies.add')}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={create.isPending}>
            {t('common.create')}
          </Button>
        </>
      }
    >
      {create.isPending && <LinearProgress sx={{ mb: 1 }} />}
      {formError && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="form-error">
          {formError}
        </Alert>
      )}
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
      >
        <TextField {...fieldProps('protocol')} select>
          {PROXY_PROTOCOLS.map((protocol) => (
            <MenuItem key={protocol} value={protocol}>
              {t(`enums.protocol.${protocol}`)}
            </MenuItem>
          ))}
        </TextField>
        {TEXT_FIELDS.map((name) => (
          <TextField key={name} {...fieldProps(name)} required={name !== 'username'} />
        ))}
        <TextField
          {...fieldProps('password')}
          type="password"
          slotProps={{ htmlInput: { autoComplete: 'new-password', 'data-secret': 'true' } }}
        />
        <TextField {...fieldProps('comment')} multiline sx={{ gridColumn: '1 / -1' }} />
        <Alert severity="info" sx={{ gridColumn: '1 / -1', my: 1 }}>
          {t('ops.proxies.passwordHint')}
        </Alert>
      </Box>
    </AppDialog>
  );
}
