import { RECORD_STATUSES, TOY_LABELS } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { useEnumLabel } from '@/components/entity-form/entity-field';
import { SelectFilter, TagFilter } from '@/components/filter-fields';
import { FilterBar } from '@/components/filter-bar';
import { MultiSelect } from '@/components/multi-select';
import { SearchField } from '@/components/search-field';

import { useToyGroups } from '../api/get-toy-groups';
import { NO_GROUP, type ToyFilters } from '../utils/toy-filters';

/** Search and filters of the catalogue: label, record status, tags, group, ignore-price. */
export function ToyFiltersBar({
  filters,
  onChange,
}: {
  filters: ToyFilters;
  onChange: (change: Partial<ToyFilters>) => void;
}) {
  const { t } = useTranslation();
  const groups = useToyGroups();
  const enumLabel = useEnumLabel();
  return (
    <FilterBar flush>
      <SearchField value={filters.search} onChange={(search) => onChange({ search })} />
      <MultiSelect
        label={t('fields.label')}
        values={filters.labels}
        options={TOY_LABELS.map((value) => ({ value, label: enumLabel('label', value) }))}
        onChange={(labels) => onChange({ labels })}
      />
      <MultiSelect
        label={t('fields.record_status')}
        values={filters.statuses}
        options={RECORD_STATUSES.map((value) => ({ value, label: enumLabel('record_status', value) }))}
        onChange={(statuses) => onChange({ statuses })}
      />
      <TagFilter value={filters.tagIds} onChange={(tagIds) => onChange({ tagIds })} width={220} />
      <SelectFilter
        label={t('fields.group')}
        width={170}
        value={filters.group}
        onChange={(value) => onChange({ group: value })}
        options={[
          { value: NO_GROUP, label: t('common.none') },
          ...(groups.data ?? []).map((group) => ({ value: String(group.id), label: group.name })),
        ]}
      />
      <SelectFilter
        label={t('fields.ignore_price')}
        width={140}
        value={filters.ignorePrice}
        onChange={(value) => onChange({ ignorePrice: value as ToyFilters['ignorePrice'] })}
        options={[
          { value: 'true', label: t('common.yes') },
          { value: 'false', label: t('common.no') },
        ]}
      />
    </FilterBar>
  );
}
