import { RECORD_STATUSES, TOY_LABELS } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { FilterBar } from '@/components/filter-bar';
import { ToolbarFilters, type FilterStateProps } from '@/components/toolbar-filters';

import { useToyGroups } from '../api/get-toy-groups';
import { NO_GROUP, type ToyFilters } from '../utils/toy-filters';

/** Search and filters of the catalogue: label, record status, tags, group, ignore-price. */
export function ToyFiltersBar({ filters, onChange }: FilterStateProps<ToyFilters>) {
  const { t } = useTranslation();
  const groups = useToyGroups();
  const groupOptions = [
    { value: NO_GROUP, label: t('common.none') },
    ...(groups.data ?? []).map((group) => ({ value: String(group.id), label: group.name })),
  ];
  return (
    <FilterBar flush>
      <ToolbarFilters
        filters={filters}
        onChange={onChange}
        specs={[
          { kind: 'search', key: 'search' },
          { kind: 'enums', key: 'labels', field: 'label', values: TOY_LABELS },
          { kind: 'enums', key: 'statuses', field: 'record_status', values: RECORD_STATUSES },
          { kind: 'tags', key: 'tagIds', width: 220 },
          { kind: 'select', key: 'group', options: groupOptions, width: 170 },
          { kind: 'yesNo', key: 'ignorePrice', width: 140 },
        ]}
      />
    </FilterBar>
  );
}
