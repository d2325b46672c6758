import { mdiPlus } from '@mdi/js';
import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiRouteId, EntityDef } from '@toydesk/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '@/lib/api-client';
import { COMMON_DATA_KEY } from '@/lib/common-data';
import { notify } from '@/lib/notifications';
import { unwrap, type ListRouteId } from '@/lib/query';

import { ConfirmDialog } from './confirm-dialog';
import type { FieldChoice } from './entity-form/entity-field';
import { EntityFormDialog, type EntityFormDialogProps } from './entity-form/entity-form-dialog';
import type { EntityRow } from './entity-table/entity-columns';
import { EntityTable } from './entity-table/entity-table';
import { MdiIcon } from './mdi-icon';
import { Page } from './page';
import { rowActionsColumn } from './row-actions-column';
import type { TableSort, VirtualColumn } from './virtual-table/virtual-table';

/** A resource whose route table has the four CRUD routes: `<resource>.list`, `.create`, `.partial_update`, `.destroy`. */
type CrudResourceOf<Id> = Id extends `${infer R}.partial_update`
  ? `${R}.list` extends ListRouteId
    ? `${R}.create` | `${R}.destroy` extends ApiRouteId
      ? R
      : never
    : never
  : never;
export type ReferenceResource = CrudResourceOf<ApiRouteId>;

export interface ReferenceScreenProps {
  title: string;
  entity: EntityDef;
  /** The route table's resource, the first part of its route ids ('tags' for tags.list, tags.create, ...). */
  resource: ReferenceResource;
  /** The form's fields, in order, and the required ones. */
  formFields: readonly string[];
  required?: readonly string[];
  choices?: Partial<Record<string, readonly FieldChoice[]>>;
  /** Form values a new row starts with (a tag's default colour). */
  defaults?: EntityFormDialogProps['defaults'];
  /** Controls of their own for some form fields (a tag's colour palette). */
  fieldControls?: EntityFormDialogProps['fieldControls'];
  /** Checks before sending that the schema cannot make (a name another row has): field errors, or null. */
  validate?: (body: Record<string, unknown>, row: EntityRow | null) => Record<string, string> | null;
  /** How a row is named in dialogs and notifications. */
  nameOf: (row: EntityRow) => string;
  columns?: (generated: VirtualColumn<EntityRow>[]) => VirtualColumn<EntityRow>[];
  defaultSort?: TableSort | null;
  /** The common data holds these records too (tags): read it again after a change. */
  inCommonData?: boolean;
}

/**
 * A reference list (tags, server groups, available IPs): the entity table with create, edit and delete,
 * the contract's schema and the server's 400 in the form, a confirmation before deleting.
 */
export function ReferenceScreen({
  title,
  entity,
  resource,
  formFields,
  required,
  choices,
  defaults,
  fieldControls,
  validate,
  nameOf,
  columns: customise,
  defaultSort,
  inCommonData,
}: ReferenceScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const listRoute: ListRouteId = `${resource}.list`;
  const [editing, setEditing] = useState<{ row: EntityRow | null } | null>(null);
  const [deleting, setDeleting] = useState<EntityRow | null>(null);
  const [busy, setBusy] = useState(false);

  const changed = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['api', listRoute] }),
      inCommonData ? queryClient.invalidateQueries({ queryKey: COMMON_DATA_KEY }) : null,
    ]);
  }, [queryClient, listRoute, inCommonData]);

  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) => [
      ...(customise ? customise(generated) : generated),
      rowActionsColumn<EntityRow>({
        editLabel: t('common.edit'),
        deleteLabel: t('common.delete'),
        onEdit: (row) => setEditing({ row }),
        onDelete: (row) => setDeleting(row),
      }),
    ],
    [customise, t],
  );

  const save = async (body: Record<string, unknown>, mode: 'create' | 'patch') => {
    const result =
      mode === 'create'
        ? await api.call(`${resource}.create`, { body } as never)
        : await api.call(`${resource}.partial_update`, {
            params: { id: Number(editing?.row?.id) },
            body,
          } as never);
    unwrap(result);
    await changed();
  };

  const remove = async (row: EntityRow) => {
    setBusy(true);
    const result = await api.call(`${resource}.destroy`, { params: { id: Number(row.id) } } as never);
    setBusy(false);
    if (!result.success) return;
    notify({ text: t('ops.reference.deleted', { name: nameOf(row) }), color: 'success' });
    setDeleting(null);
    await changed();
  };

  return (
    <Page
      title={title}
      actions={
        <Button
          variant="contained"
          startIcon={<MdiIcon path={mdiPlus} />}
          onClick={() => setEditing({ row: null })}
        >
          {t('common.create')}
        </Button>
      }
    >
      <EntityTable
        routeId={listRoute}
        label={title}
        pageSize={999999}
        columns={columns}
        defaultSort={defaultSort}
        onRowClick={(row) => setEditing({ row })}
      />
      {editing && (
        <EntityFormDialog
          entity={entity}
          record={editing.row}
          fields={formFields}
          required={required}
          choices={choices}
          defaults={defaults}
          fieldControls={fieldControls}
          validate={validate ? (body) => validate(body, editing.row) : undefined}
          title={
            editing.row
              ? t('ops.reference.editTitle', { name: nameOf(editing.row) })
              : `${title}: ${t('common.create')}`
          }
          save={save}
          onSaved={(mode) =>
            notify({
              text: mode === 'create' ? t('ops.reference.created') : t('ops.reference.saved'),
              color: 'success',
            })
          }
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('ops.reference.deleteTitle', { name: nameOf(deleting) })}
          text={t('ops.reference.deleteText')}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}
