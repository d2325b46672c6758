import { ApiError, fieldError } from '@toydesk/api-kit';
import { tagNameTaken } from '@toydesk/db';

import { crudHandlers } from '../crud-handlers.ts';
import { idParam, type AnyApiContext, type ApiHandlers, type Handler } from '../handler.ts';

/** The unique index of migration 019: tag names compared without case and surrounding spaces. */
export const TAG_NAME_INDEX = 'tag_name_ci_unique';

export const TAG_NAME_TAKEN = 'Тег с таким названием уже есть. (A tag with this name already exists.)';

const crud = crudHandlers('tags', (ctx) => ctx.services.resources.tag);

function nameOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const name = (body as Record<string, unknown>).name;
  return typeof name === 'string' ? name : null;
}

/** PostgreSQL's unique violation of the tag name index (a save that raced another one). */
function isNameConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return (
    e.code === '23505' &&
    (e.constraint === TAG_NAME_INDEX || (typeof e.message === 'string' && e.message.includes(TAG_NAME_INDEX)))
  );
}

/**
 * Refuses a name another tag already has (any case, surrounding spaces ignored) with a 400 on `name`,
 * then writes through the CRUD handler; a race the check missed meets the unique index and gets the same
 * answer.
 */
function refusingTakenNames(next: Handler, editing: boolean): Handler {
  return async (ctx: AnyApiContext) => {
    const name = nameOf(ctx.rawBody);
    if (name !== null && name.trim() !== '') {
      const id = editing ? idParam(ctx) : null;
      if (await tagNameTaken(ctx.services.db, name, id)) throw fieldError('name', TAG_NAME_TAKEN);
    }
    try {
      return await next(ctx);
    } catch (error) {
      if (!(error instanceof ApiError) && isNameConflict(error)) throw fieldError('name', TAG_NAME_TAKEN);
      throw error;
    }
  };
}

/** The handlers of the `tags.*` routes: the generic CRUD ones, those that write a name checking it first. */
export const tagsHandlers = {
  ...crud,
  'tags.create': refusingTakenNames(crud['tags.create'], false),
  'tags.update': refusingTakenNames(crud['tags.update'], true),
  'tags.partial_update': refusingTakenNames(crud['tags.partial_update'], true),
} satisfies Partial<ApiHandlers>;
