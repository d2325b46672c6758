import { useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useUiLang } from '@/lib/use-ui-lang';

import type { DeleteManyInput, DeleteManyResult } from '../api/delete-many';

/** Distinct failure reasons named in the notification; more would crowd it. */
const REASONS_SHOWN = 3;

export interface BulkDeleteDialogProps {
  ids: readonly number[];
  /** What deleting these rows does, with their count in it. */
  text: string;
  /** The deletes, row by row; it reports failures in its result instead of throwing. */
  run: (input: DeleteManyInput) => Promise<DeleteManyResult>;
  /** The ids that are gone, to drop from the selection (failed rows stay selected for another try). */
  onDeleted: (ids: number[]) => void;
  onClose: () => void;
}

/**
 * Asks before deleting the ticked rows, deletes them with the progress shown, then reports in one
 * notification how many were deleted and how many were not, and why.
 */
export function BulkDeleteDialog({ ids, text, run, onDeleted, onClose }: BulkDeleteDialogProps) {
  const { t, lang } = useUiLang();
  const [done, setDone] = useState<number | null>(null);
  const busy = done !== null;
  const total = formatNumber(ids.length, lang);

  const confirm = async () => {
    setDone(0);
    let result: DeleteManyResult;
    try {
      result = await run({ ids, onProgress: setDone });
    } catch (error) {
      // Only a bug gets here (the deletes report their failures); the list is refreshed either way.
      notify({ text: error instanceof Error ? error.message : String(error), color: 'error' });
      onClose();
      return;
    }
    onDeleted(result.deleted);
    if (result.failed.length === 0) {
      notify({ text: t('bulkEdit.deleted', { count: result.deleted.length }), color: 'success' });
    } else {
      const reasons = [...new Set(result.failed.map((f) => f.error))].slice(0, REASONS_SHOWN).join('; ');
      notify({
        title: t('bulkEdit.deletePartialTitle'),
        text: t('bulkEdit.deletePartial', {
          deleted: result.deleted.length,
          failed: result.failed.length,
          reasons,
        }),
        color: result.deleted.length > 0 ? 'warning' : 'error',
      });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('bulkEdit.deleteTitle', { count: ids.length, formatted: total })}
      text={busy ? t('bulkEdit.deleteProgress', { done: formatNumber(done, lang), total }) : text}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
