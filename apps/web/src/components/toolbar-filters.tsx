import { TextField } from '@mui/material';
import { Fragment, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useEnumLabel } from '@/lib/enum-label';
import type { FilterOption } from '@/lib/filter-options';

import { SelectFilter } from './filter-fields';

// The market, account and date filters load with the first toolbar that shows one: the first screen (the
// Steam accounts list) has none, and they kept its scripts over bench:web's 350 KB.
const listFilters = () => import('./list-filters');
const DateRangeFilter = lazy(() => listFilters().then((m) => ({ default: m.DateRangeFilter })));
const MarketAccountFilter = lazy(() => listFilters().then((m) => ({ default: m.MarketAccountFilter })));
const MarketFilter = lazy(() => listFilters().then((m) => ({ default: m.MarketFilter })));
const SteamAccountFilter = lazy(() => listFilters().then((m) => ({ default: m.SteamAccountFilter })));
import { MultiSelect, type MultiSelectProps } from './multi-select';
import { SearchField } from './search-field';
import { TagFilter } from './tag-filter';

/** The keys of a filter state whose values are of type V. */
type KeyOf<F, V> = { [K in keyof F]-?: F[K] extends V ? K : never }[keyof F] & string;

interface FieldNamed {
  /** The contract field it filters, for its label (`fields.<field>`) and enum texts; the key in snake_case by default. */
  field?: string;
  /** Another label than the field's. */
  label?: ReactNode;
}

/**
 * One filter of a toolbar, bound to a key of the screen's filter state: the screens describe their filters
 * and `ToolbarFilters` draws them, reads each value from the state and writes a change back under its key.
 */
export type FilterSpec<F> =
  | { kind: 'search'; key: KeyOf<F, string>; width?: number }
  /** One value of a contract enum, each named by its text. */
  | ({ kind: 'enum'; key: KeyOf<F, string>; values: readonly string[]; width: number } & FieldNamed)
  /** Any of a contract enum's values. */
  | ({
      kind: 'enums';
      key: KeyOf<F, readonly string[]>;
      values: readonly string[];
      width?: number;
    } & FieldNamed)
  | ({ kind: 'select'; key: KeyOf<F, string>; options: readonly FilterOption[]; width: number } & FieldNamed)
  | {
      kind: 'multi';
      key: KeyOf<F, readonly string[]>;
      label: ReactNode;
      options: MultiSelectProps['options'];
      width?: number;
    }
  /** Yes or no, sent as `yes` and `no` ('true' and 'false' by default). */
  | ({ kind: 'yesNo'; key: KeyOf<F, string>; width: number; yes?: string; no?: string } & FieldNamed)
  | ({ kind: 'text'; key: KeyOf<F, string>; width: number; decimal?: boolean } & FieldNamed)
  | { kind: 'tags'; key: KeyOf<F, readonly number[]>; width: number }
  /** A market by its code; `also` is written with it (an account filter of another market is cleared). */
  | { kind: 'market'; key: KeyOf<F, string>; width: number; label?: ReactNode; also?: Partial<F> }
  | { kind: 'steamAccount'; key: KeyOf<F, string>; width: number }
  /** A market account, narrowed to the market and Steam account the filters under those keys hold. */
  | {
      kind: 'marketAccount';
      key: KeyOf<F, string>;
      width: number;
      market?: KeyOf<F, string>;
      steamAccount?: KeyOf<F, string>;
    }
  | {
      kind: 'dates';
      from: KeyOf<F, string>;
      to: KeyOf<F, string>;
      labels: [ReactNode, ReactNode];
      width?: number;
    };

/** A filter state and its change: what every filter bar of a screen takes. */
export interface FilterStateProps<F> {
  filters: F;
  onChange: (change: Partial<F>) => void;
}

export interface ToolbarFiltersProps<F> extends FilterStateProps<F> {
  specs: readonly FilterSpec<F>[];
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A toolbar's filters, in the order described, each showing and changing its key of the filter state. */
export function ToolbarFilters<F extends object>({ filters, onChange, specs }: ToolbarFiltersProps<F>) {
  const { t } = useTranslation();
  const enumLabel = useEnumLabel();
  const state = filters as Record<string, unknown>;
  const text = (key: string) => String(state[key] ?? '');
  const set = (key: string, value: unknown, also?: Partial<F>) =>
    onChange({ [key]: value, ...also } as Partial<F>);

  const control = (spec: FilterSpec<F>): ReactNode => {
    if (spec.kind === 'dates')
      return (
        <DateRangeFilter
          fromLabel={spec.labels[0]}
          toLabel={spec.labels[1]}
          from={text(spec.from)}
          to={text(spec.to)}
          width={spec.width}
          onChange={(from, to) => onChange({ [spec.from]: from, [spec.to]: to } as Partial<F>)}
        />
      );
    const { key } = spec;
    const onText = (value: string) => set(key, value);
    const onList = (values: readonly unknown[]) => set(key, values);
    const field = 'field' in spec && spec.field ? spec.field : snakeCase(key);
    // Asked for only by the kinds that show a field's label (search and tags have none: no missing-key lookup).
    const label = () => ('label' in spec && spec.label !== undefined ? spec.label : t(`fields.${field}`));
    switch (spec.kind) {
      case 'search':
        return <SearchField value={text(key)} onChange={onText} width={spec.width} />;
      case 'enum':
      case 'select':
      case 'yesNo': {
        const options =
          spec.kind === 'select'
            ? spec.options
            : spec.kind === 'enum'
              ? spec.values.map((value) => ({ value, label: enumLabel(field, value) }))
              : [
                  { value: spec.yes ?? 'true', label: t('common.yes') },
                  { value: spec.no ?? 'false', label: t('common.no') },
                ];
        return (
          <SelectFilter
            label={label()}
            width={spec.width}
            value={text(key)}
            onChange={onText}
            options={options}
          />
        );
      }
      case 'enums':
      case 'multi': {
        const options =
          spec.kind === 'multi'
            ? spec.options
            : spec.values.map((value) => ({ value, label: enumLabel(field, value) }));
        return (
          <MultiSelect
            label={label()}
            width={spec.width}
            values={state[key] as readonly string[]}
            options={options}
            onChange={onList}
          />
        );
      }
      case 'text':
        return (
          <TextField
            margin="none"
            label={label()}
            value={text(key)}
            onChange={(event) => onText(event.target.value)}
            sx={{ width: spec.width }}
            slotProps={spec.decimal ? { htmlInput: { inputMode: 'decimal' } } : undefined}
          />
        );
      case 'tags':
        return <TagFilter value={state[key] as readonly number[]} onChange={onList} width={spec.width} />;
      case 'market':
        return (
          <MarketFilter
            label={spec.label}
            width={spec.width}
            value={text(key)}
            onChange={(value) => set(key, value, spec.also)}
          />
        );
      case 'steamAccount':
        return <SteamAccountFilter width={spec.width} value={text(key)} onChange={onText} />;
      case 'marketAccount':
        return (
          <MarketAccountFilter
            width={spec.width}
            value={text(key)}
            onChange={onText}
            market={spec.market && text(spec.market)}
            steamAccount={spec.steamAccount && text(spec.steamAccount)}
          />
        );
    }
  };

  return (
    <>
      {specs.map((spec) => (
        <Fragment key={spec.kind === 'dates' ? spec.from : spec.key}>
          <Suspense fallback={<TextField margin="none" disabled sx={{ width: spec.width }} />}>
            {control(spec)}
          </Suspense>
        </Fragment>
      ))}
    </>
  );
}
