import type { ApiBody, ApiResponse, ApiRouteId } from '@toydesk/contract';

import { api } from './api-client';
import { unwrap } from './query';

/** What an edit dialog saves: a new row (id null) or the changed fields of an existing one. */
export type SaveInput<Create, Patch> = { id: null; body: Create } | { id: number; body: Patch };

/**
 * POST a new row or PATCH the changed fields of one, the save of every entity dialog; a 400 comes back as an
 * ApiFailure whose errors the dialog shows on its fields.
 */
export async function createOrPatch<Create extends ApiRouteId, Patch extends ApiRouteId>(
  routes: { create: Create; patch: Patch },
  input: SaveInput<ApiBody<Create>, ApiBody<Patch>>,
): Promise<ApiResponse<Create> | ApiResponse<Patch>> {
  return unwrap<ApiResponse<Create> | ApiResponse<Patch>>(
    input.id === null
      ? await api.call(routes.create, { body: input.body })
      : await api.call(routes.patch, { params: { id: input.id }, body: input.body }),
  );
}
