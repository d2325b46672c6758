import { toyEntity, type ToyCreate, type ToyPatch } from '@toydesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import type { EntityRow } from '@/components/entity-table/entity-columns';
import { EntityFormDialog } from '@/components/entity-form/entity-form-dialog';
import { notify } from '@/lib/notifications';

import { useToyGroups } from '../api/get-toy-groups';
import { useSaveToy } from '../api/save-toy';

export const TOY_FORM_FIELDS = [
  'market_hash_name',
  'ru_name',
  'label',
  'record_status',
  'rarity',
  'weapon',
  'group',
  'ignore_price',
  'tags',
  'classid',
  'instance',
  'icon_url',
] as const;

/** Create or edit one toy of the catalogue. */
export function ToyDialog({ toy, onClose }: { toy: EntityRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const groups = useToyGroups();
  const save = useSaveToy();
  const choices = useMemo(
    () => ({ group: (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })) }),
    [groups.data],
  );
  return (
    <EntityFormDialog
      entity={toyEntity}
      record={toy}
      fields={TOY_FORM_FIELDS}
      required={['market_hash_name']}
      choices={choices}
      title={toy ? t('toys.editTitle', { name: String(toy.market_hash_name) }) : t('toys.createTitle')}
      save={(body, mode) =>
        mode === 'create'
          ? save.mutateAsync({ id: null, body: body as ToyCreate })
          : save.mutateAsync({ id: Number(toy?.id), body: body as ToyPatch })
      }
      onSaved={(mode) =>
        notify({ text: mode === 'create' ? t('toys.created') : t('toys.saved'), color: 'success' })
      }
      onClose={onClose}
    />
  );
}
