import { Alert, Box, TextField } from '@mui/material';
import { CURRENCIES } from '@toydesk/contract';

import { SecretField } from './secret-field';
import { SelectField } from './select-field';
import type { useFormValues } from './use-form-values';

/** The props `useFormValues().fieldProps(name)` binds a field with. */
type BoundField = ReturnType<ReturnType<typeof useFormValues>['fieldProps']>;

export interface SecretFieldsProps {
  /** The write-only fields, in the form's order. */
  names: readonly string[];
  fieldProps: (name: string) => BoundField;
  /** The stored value's mask of a field (never the secret), null when none is stored. */
  stored: (name: string) => string | null | undefined;
  /** Why they start empty, above them. */
  hint: string;
  notSet: string;
}

/** An account form's secrets (Steam and market accounts): the hint, then one write-only field each. */
export function SecretFields({ names, fieldProps, stored, hint, notSet }: SecretFieldsProps) {
  return (
    <>
      <Alert severity="info" sx={{ gridColumn: '1 / -1', my: 1 }}>
        {hint}
      </Alert>
      {names.map((name) => (
        <SecretField key={name} {...fieldProps(name)} stored={stored(name)} notSet={notSet} />
      ))}
    </>
  );
}

/** An account's balance and its currency on one row (two thirds and one third). */
export function BalanceFields({ balance, currency }: { balance: BoundField; currency: BoundField }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', columnGap: 1 }}>
      <TextField {...balance} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <SelectField {...currency} options={CURRENCIES.map((code) => ({ value: code, label: code }))} />
    </Box>
  );
}

/** The proxy an account goes out through, or none. */
export function ProxyField({
  field,
  proxies,
  noneLabel,
}: {
  field: BoundField;
  proxies: ReadonlyArray<{ id: number; label: string }>;
  noneLabel: string;
}) {
  return (
    <SelectField
      {...field}
      noneLabel={noneLabel}
      options={proxies.map((proxy) => ({ value: String(proxy.id), label: proxy.label }))}
    />
  );
}
