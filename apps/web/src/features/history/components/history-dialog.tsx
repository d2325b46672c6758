import { toyHistoryEntity, type ToyHistoryCreate, type ToyHistoryPatch } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { EntityFormDialog } from '@/components/entity-form/entity-form-dialog';
import type { EntityRow } from '@/components/entity-table/entity-columns';
import { notify } from '@/lib/notifications';

import { useSaveHistory } from '../api/save-history';

export const HISTORY_FORM_FIELDS = [
  'market_hash_name',
  'side',
  'date',
  'price',
  'currency',
  'market',
  'record_status',
  'steam_account',
  'market_account',
  'market_item_id',
  'classid_instanceid',
  'trade_id',
  'offer_id',
  'asset_id',
  'comment',
] as const;

/** Create or edit one history row (a purchase or a sale). */
export function HistoryDialog({ row, onClose }: { row: EntityRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveHistory();
  return (
    <EntityFormDialog
      entity={toyHistoryEntity}
      record={row}
      fields={HISTORY_FORM_FIELDS}
      required={['market_hash_name', 'side', 'price']}
      title={row ? t('history.editTitle', { name: String(row.market_hash_name) }) : t('history.createTitle')}
      save={(body, mode) =>
        mode === 'create'
          ? save.mutateAsync({ id: null, body: body as ToyHistoryCreate })
          : save.mutateAsync({ id: Number(row?.id), body: body as ToyHistoryPatch })
      }
      onSaved={(mode) =>
        notify({ text: mode === 'create' ? t('history.created') : t('history.saved'), color: 'success' })
      }
      onClose={onClose}
    />
  );
}
