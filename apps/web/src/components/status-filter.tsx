import { useTranslation } from 'react-i18next';

import { statusOptions } from '@/lib/status-options';

import { MultiSelect, type MultiSelectProps } from './multi-select';

export type StatusFilterProps = Omit<MultiSelectProps, 'label' | 'options'> & {
  /** The contract's status list the rows take theirs from. */
  statuses: readonly string[];
};

/** A filter bar's «Статус»: any of the statuses ticked, each shown in the interface language. */
export function StatusFilter({ statuses, ...props }: StatusFilterProps) {
  const { t } = useTranslation();
  return <MultiSelect {...props} label={t('fields.status')} options={statusOptions(statuses, t)} />;
}
