import { Alert, Box, Button, Checkbox, LinearProgress, Stack } from '@mui/material';
import type { EntityDef } from '@toydesk/contract';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';

import { formToBody, initialFormValues, type FormValue, type FormValues } from '@/lib/entity-form';
import { useUiLang } from '@/lib/use-ui-lang';
import { serverFormErrors } from '@/lib/server-form-errors';
import { validateWithSchema } from '@/lib/validation';

import { AppDialog } from '../app-dialog';
import { fromLocalInput } from './datetime-input';
import { EntityField, type FieldChoice } from './entity-field';

export interface BulkEditDialogProps {
  entity: EntityDef;
  /** The fields that may be set, in order. */
  fields: readonly string[];
  title: ReactNode;
  /** What the change applies to ("12 selected rows", "every row matching the filter: 4,210"). */
  scope: ReactNode;
  choices?: Partial<Record<string, readonly FieldChoice[]>>;
  validate?: (patch: Record<string, unknown>) => Record<string, string> | null;
  /** Sends the patch; throws an ApiFailure on failure. */
  apply: (patch: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The same fields set on many rows: each field has its own "change" box, so only ticked fields go into the
 * patch (an empty field that is not ticked is left alone, a ticked empty field clears it).
 */
export function BulkEditDialog({
  entity,
  fields,
  title,
  scope,
  choices,
  validate,
  apply,
  onClose,
}: BulkEditDialogProps) {
  const { t, lang } = useUiLang();
  const formId = useId();
  const initial = useMemo(() => {
    const all = initialFormValues(entity);
    return Object.fromEntries(fields.map((name) => [name, all[name] ?? ''])) as FormValues;
  }, [entity, fields]);
  const [values, setValues] = useState<FormValues>(initial);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = (name: string, value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTicked((current) => new Set(current).add(name));
    setErrors(({ [name]: _removed, ...rest }) => rest);
  };
  const tick = (name: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const chosen = Object.fromEntries(Object.entries(values).filter(([name]) => ticked.has(name)));
    // 'create' keeps every ticked value, even one equal to the empty start.
    const patch = formToBody(entity, chosen, 'create');
    for (const name of Object.keys(patch)) {
      if (entity.fields[name]?.kind === 'datetime' && typeof patch[name] === 'string')
        patch[name] = fromLocalInput(patch[name]);
    }
    const found = { ...validateWithSchema(entity.patchSchema, patch, lang), ...validate?.(patch) };
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    if (Object.keys(patch).length === 0) {
      setFormError(t('bulkEdit.nothingChosen'));
      return;
    }
    setPending(true);
    try {
      await apply(entity.patchSchema.parse(patch) as Record<string, unknown>);
      onClose();
    } catch (error) {
      const shown = serverFormErrors(error, Object.keys(values));
      setErrors(shown.fields);
      setFormError(shown.form);
    } finally {
      setPending(false);
    }
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      persistent={ticked.size > 0 || pending}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${formId}-title`}
      title={<span id={`${formId}-title`}>{title}</span>}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={pending || ticked.size === 0}>
            {t('bulkEdit.apply')}
          </Button>
        </>
      }
    >
      {pending && <LinearProgress sx={{ mb: 1 }} />}
      <Alert severity="info" sx={{ mb: 1 }} data-testid="bulk-scope">
        {scope}
      </Alert>
      {formError && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="form-error">
          {formError}
        </Alert>
      )}
      <Box component="form" id={formId} noValidate onSubmit={(event) => void submit(event)}>
        {fields.map((name) => {
          const def = entity.fields[name];
          if (!def) return null;
          return (
            <Stack key={name} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Checkbox
                checked={ticked.has(name)}
                onChange={(event) => tick(name, event.target.checked)}
                slotProps={{ input: { 'aria-label': t('bulkEdit.change', { field: t(`fields.${name}`) }) } }}
                sx={{ mt: 1 }}
              />
              <Box sx={{ flex: 1 }}>
                <EntityField
                  id={`${formId}-${name}`}
                  name={name}
                  def={def}
                  value={values[name] ?? ''}
                  onChange={(value) => set(name, value)}
                  error={errors[name]}
                  choices={choices?.[name]}
                />
              </Box>
            </Stack>
          );
        })}
      </Box>
    </AppDialog>
  );
}
