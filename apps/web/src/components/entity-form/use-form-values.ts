import { useState } from 'react';
import type { z } from 'zod';

import type { FormValue, FormValues } from '@/lib/entity-form';
import { useUiLang } from '@/lib/use-ui-lang';
import { serverFormErrors } from '@/lib/server-form-errors';
import { useRules, validateWithSchema } from '@/lib/validation';

/**
 * The state of a hand-built entity form (Steam account, market account, proxy): the values, the errors on
 * the fields and above them, and the props of a text field bound to one value by name.
 */
export function useFormValues(initial: FormValues, formId: string) {
  const { t, lang } = useUiLang();
  const rules = useRules();
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  /** A new value clears the field's error: the operator is fixing it. */
  const set = (name: string, value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _removed, ...rest }) => rest);
  };
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
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
  /**
   * Checks a body before it is sent: the contract schema's complaints and the required fields left empty go
   * on the fields; true when there are none.
   */
  const check = (schema: z.ZodType, body: unknown, required: readonly string[] = []) => {
    const found = validateWithSchema(schema, body, lang) ?? {};
    for (const name of required) {
      const message = rules.required(values[name]);
      if (message !== true) found[name] = message;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  /** The FormDialog's view of this form: its id, the error above it, the progress bar, unsaved changes. */
  const dialogProps = (pending: boolean) => ({
    formId,
    formError,
    working: pending,
    persistent: dirty || pending,
  });
  /** A failed save: the 400's messages on the form's fields, the rest above the form. */
  const showSaveError = (error: unknown) => {
    const shown = serverFormErrors(error, Object.keys(values));
    setErrors(shown.fields);
    setFormError(shown.form);
  };

  return {
    values,
    errors,
    setErrors,
    formError,
    setFormError,
    dirty,
    set,
    text,
    fieldProps,
    check,
    dialogProps,
    showSaveError,
  };
}
