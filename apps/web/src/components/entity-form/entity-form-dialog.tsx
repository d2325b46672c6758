import { Box } from '@mui/material';
import { formatRuleMessage, type EntityDef } from '@toydesk/contract';
import { useId, useMemo, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';

import { formToBody, initialFormValues, type FormValue, type FormValues } from '@/lib/entity-form';
import { useUiLang } from '@/lib/use-ui-lang';
import { serverFormErrors } from '@/lib/server-form-errors';
import { validateWithSchema } from '@/lib/validation';

import { FormDialog } from './form-dialog-parts';
import { fromLocalInput, toLocalInput } from './datetime-input';
import { EntityField, type EntityFieldProps, type FieldChoice } from './entity-field';

export type FormMode = 'create' | 'patch';

export interface EntityFormDialogProps {
  entity: EntityDef;
  /** The record to edit, or null to create one. */
  record: Record<string, unknown> | null;
  /** The fields the form shows, in order. */
  fields: readonly string[];
  required?: readonly string[];
  title: ReactNode;
  choices?: Partial<Record<string, readonly FieldChoice[]>>;
  /** Defaults of a new record (field name to form value). */
  defaults?: FormValues;
  /** The currency of the money fields as the form stands (a market toy's is its market's). */
  currencyOf?: (values: FormValues) => string | null | undefined;
  /** Controls of their own for some fields (a tag's colour palette) instead of the kind's default. */
  fieldControls?: Partial<Record<string, ComponentType<EntityFieldProps>>>;
  /** Checks the schema cannot express (min ≤ max): field errors, or null. */
  validate?: (body: Record<string, unknown>, values: FormValues) => Record<string, string> | null;
  /** Sends the body; throws an ApiFailure on failure (its 400 goes to the fields). */
  save: (body: Record<string, unknown>, mode: FormMode) => Promise<unknown>;
  onClose: () => void;
  onSaved?: (mode: FormMode) => void;
  busy?: boolean;
}

/** Values of the listed fields only, date-times as the datetime-local input wants them. */
function startValues(
  entity: EntityDef,
  record: Record<string, unknown> | null,
  fields: readonly string[],
  defaults?: FormValues,
) {
  const all = initialFormValues(entity, record ?? undefined);
  const values: FormValues = {};
  for (const name of fields) {
    const value = record ? all[name] : (defaults?.[name] ?? all[name]);
    if (value === undefined) continue;
    values[name] =
      entity.fields[name]?.kind === 'datetime' && typeof value === 'string' && value
        ? toLocalInput(value)
        : value;
  }
  return values;
}

/**
 * Create or edit any contract entity in a dialog: controls by field kind, the contract's schema and the
 * caller's own checks before sending, the server's 400 on the fields (or above them when no field matches).
 */
export function EntityFormDialog({
  entity,
  record,
  fields,
  required = [],
  title,
  choices,
  defaults,
  currencyOf,
  fieldControls,
  validate,
  save,
  onClose,
  onSaved,
  busy,
}: EntityFormDialogProps) {
  const { t, lang } = useUiLang();
  const formId = useId();
  const initial = useMemo(
    () => startValues(entity, record, fields, defaults),
    [entity, record, fields, defaults],
  );
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  /** The form has a control for the field (listed, and with a value in this mode). */
  const shown = (name: string) => fields.includes(name) && values[name] !== undefined;
  const fieldLabel = (name: string) => t(`fields.${name}`, { defaultValue: name });

  const set = (name: string, value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _removed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const mode: FormMode = record ? 'patch' : 'create';
    const body = formToBody(entity, values, mode, initial);
    for (const name of Object.keys(body)) {
      if (entity.fields[name]?.kind === 'datetime' && typeof body[name] === 'string')
        body[name] = fromLocalInput(body[name]);
    }
    const schema = mode === 'create' ? entity.createSchema : entity.patchSchema;
    const found = { ...validateWithSchema(schema, body, lang), ...validate?.(body, values) };
    for (const name of required) {
      // Only the fields the form shows: a required field the mode leaves out (a market toy's name when
      // editing) is not the operator's to fill, and used to stop every save without a word.
      if (!shown(name)) continue;
      const value = values[name];
      if (value === '' || value === undefined) found[name] ??= formatRuleMessage('required', lang);
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      // A check failing on a field the form does not show has no place to appear: say it above the form.
      const hidden = Object.entries(found).filter(([name]) => !shown(name));
      if (hidden.length > 0)
        setFormError(hidden.map(([name, message]) => `${fieldLabel(name)}: ${message}`).join(' '));
      return;
    }
    if (mode === 'patch' && Object.keys(body).length === 0) {
      onClose();
      return;
    }
    setPending(true);
    try {
      await save(schema.parse(body) as Record<string, unknown>, mode);
      onSaved?.(mode);
      onClose();
    } catch (error) {
      const shownErrors = serverFormErrors(error, fields.filter(shown), fieldLabel);
      setErrors(shownErrors.fields);
      setFormError(shownErrors.form);
    } finally {
      setPending(false);
    }
  };

  const working = pending || Boolean(busy);
  const currency = currencyOf?.(values) ?? undefined;
  return (
    <FormDialog
      formId={formId}
      title={title}
      onClose={onClose}
      persistent={dirty || working}
      editing={Boolean(record)}
      working={working}
      formError={formError}
      onSubmit={submit}
    >
      {fields.map((name) => {
        const def = entity.fields[name];
        if (!def || values[name] === undefined) return null;
        const wide = name === 'market_hash_name' || name === 'comment' || def.kind === 'int_array';
        const Control = fieldControls?.[name] ?? EntityField;
        return (
          <Box key={name} sx={wide ? { gridColumn: '1 / -1' } : undefined}>
            <Control
              id={`${formId}-${name}`}
              name={name}
              def={def}
              value={values[name]}
              onChange={(value) => set(name, value)}
              error={errors[name]}
              choices={choices?.[name]}
              required={required.includes(name)}
              currency={def.kind === 'money' ? currency : undefined}
            />
          </Box>
        );
      })}
    </FormDialog>
  );
}
