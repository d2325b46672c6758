import { toyEntity, type ToyCreate } from '@toydesk/contract';
import { useCallback } from 'react';

import { useImportToys } from '../api/import-toys';
import { checkWithSchema, TOY_IMPORT } from '../utils/import-specs';
import { ImportDialog } from './import-dialog';

import { useUiLang } from '@/lib/use-ui-lang';

/** Catalogue import: toys upserted by market hash name through toys-create-and-update (all or nothing). */
export function ImportToysDialog({ onClose }: { onClose: () => void }) {
  const { t, lang } = useUiLang();
  const importToys = useImportToys();
  const check = useCallback(
    (values: Record<string, unknown>) => checkWithSchema<ToyCreate>(toyEntity.createSchema, values, lang),
    [lang],
  );
  return (
    <ImportDialog
      title={t('toys.import.title')}
      hint={t('toys.import.hint')}
      spec={TOY_IMPORT}
      check={check}
      submit={importToys.mutateAsync}
      onClose={onClose}
    />
  );
}
