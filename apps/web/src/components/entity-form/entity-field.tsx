import { Autocomplete, Checkbox, FormControlLabel, InputAdornment, MenuItem, TextField } from '@mui/material';
import { CURRENCY_SYMBOLS, type AnyFieldDef } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { useCommonData } from '@/lib/common-data';
import { useEnumLabel } from '@/lib/enum-label';
import type { FormValue } from '@/lib/entity-form';

import { TagPicker } from '../tag-picker';

export interface FieldChoice {
  value: string;
  label: string;
}

export interface EntityFieldProps {
  name: string;
  def: AnyFieldDef;
  value: FormValue;
  onChange: (value: FormValue) => void;
  error?: string;
  /** Choices of a foreign key the common data does not hold (toy groups, for example). */
  choices?: readonly FieldChoice[];
  id?: string;
  required?: boolean;
  disabled?: boolean;
  /** A money field's currency (the row's, or its market's): its symbol ends the input. */
  currency?: string;
}

function currencySymbol(currency: string): string {
  return (CURRENCY_SYMBOLS as Record<string, string | undefined>)[currency] ?? currency;
}

/**
 * One form control for a contract field, chosen by its kind: a checkbox, a select of the enum's values or
 * of the markets and accounts from the common data, tag chips, a date picker or a text field.
 */
export function EntityField({
  name,
  def,
  value,
  onChange,
  error,
  choices,
  id,
  required,
  disabled,
  currency,
}: EntityFieldProps) {
  const { t } = useTranslation();
  const common = useCommonData();
  const enumLabel = useEnumLabel();
  const label = t(`fields.${name}`);
  const text = typeof value === 'string' ? value : '';
  const common_props = {
    id,
    name,
    label,
    required,
    disabled,
    error: Boolean(error),
    helperText: error,
    fullWidth: true,
  };

  if (def.kind === 'bool') {
    return (
      <FormControlLabel
        label={label}
        disabled={disabled}
        control={
          <Checkbox
            id={id}
            name={name}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
        }
      />
    );
  }
  if (def.kind === 'int_array' && def.references === 'tag') {
    return (
      <TagPicker
        id={id}
        label={label}
        value={Array.isArray(value) ? (value as number[]) : []}
        onChange={onChange}
        error={error}
        disabled={disabled}
      />
    );
  }

  if (def.kind === 'text_array') {
    // A list of short texts (server group hosts): typed, Enter adds one.
    const items = Array.isArray(value) ? value.map(String) : [];
    return (
      <Autocomplete
        multiple
        freeSolo
        disabled={disabled}
        options={[] as string[]}
        value={items}
        onChange={(_event, next) => onChange(next.map((item) => String(item).trim()).filter(Boolean))}
        renderInput={(params) => (
          <TextField {...params} id={id} label={label} error={Boolean(error)} helperText={error} />
        )}
      />
    );
  }

  let options: readonly FieldChoice[] | null = choices ?? null;
  if (!options && def.kind === 'enum') {
    options = (def.values ?? []).map((v) => ({ value: v, label: enumLabel(name, v) }));
  }
  if (!options && def.kind === 'fk') {
    if (def.references === 'market') {
      options = common.markets.map((market) => ({ value: market.code, label: market.name }));
    } else if (def.references === 'steam_account') {
      options = common.steamAccounts.map((a) => ({ value: String(a.id), label: a.steam_account_name }));
    } else if (def.references === 'market_account') {
      options = common.steamAccounts.flatMap((a) =>
        a.market_accounts.map((m) => ({ value: String(m.id), label: m.label })),
      );
    }
  }
  if (options) {
    return (
      <TextField {...common_props} select value={text} onChange={(e) => onChange(e.target.value)}>
        {def.optional && <MenuItem value="">{t('common.none')}</MenuItem>}
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  const type = def.kind === 'datetime' ? 'datetime-local' : def.kind === 'date' ? 'date' : 'text';
  const numeric = def.kind === 'money' || def.kind === 'rate' || def.kind === 'int' || def.kind === 'fk';
  return (
    <TextField
      {...common_props}
      type={type}
      value={text}
      multiline={name === 'comment' || name === 'notes' || name === 'description'}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        inputLabel: type === 'text' ? undefined : { shrink: true },
        input:
          def.kind === 'money' && currency
            ? {
                endAdornment: <InputAdornment position="end">{currencySymbol(currency)}</InputAdornment>,
              }
            : undefined,
        htmlInput: numeric
          ? { inputMode: def.kind === 'money' || def.kind === 'rate' ? 'decimal' : 'numeric' }
          : undefined,
      }}
    />
  );
}
