import type { UiLang } from '@toydesk/contract';
import type { TFunction } from 'i18next';

import { formatNumber } from '@/lib/format';

import type { BulkTarget } from '../api/bulk-update-toys';

/** The bulk dialog's line on what a change touches: the selected rows, or all the filter matches. */
export function bulkScopeText(t: TFunction, lang: UiLang, target: BulkTarget, matching: number): string {
  return 'ids' in target
    ? t('bulkEdit.scopeSelected', {
        count: target.ids.length,
        formatted: formatNumber(target.ids.length, lang),
      })
    : t('bulkEdit.scopeFilter', { formatted: formatNumber(matching, lang) });
}
