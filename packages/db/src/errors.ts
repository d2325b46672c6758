/**
 * The two refusals the database layer throws at a caller's input. They carry no HTTP status: api-kit's
 * error handler answers InvalidInput as a 400 with its errors as the body, RowNotFound as DRF's 404.
 */

/** Validation errors keyed like DRF's: `{field: [message]}`, or `{"2": {field: [message]}}` for a bulk row. */
export type FieldErrors = Record<string, unknown>;

/** Input the tables refuse: a filter value of the wrong type, a reference to no row, a bulk id not found. */
export class InvalidInput extends Error {
  constructor(readonly errors: FieldErrors) {
    super('invalid input');
    this.name = 'InvalidInput';
  }
}

/** The row a read or write names does not exist. */
export class RowNotFound extends Error {
  constructor() {
    super('row not found');
    this.name = 'RowNotFound';
  }
}

/** One message on one field (or on one field of a bulk body's row, by its index). */
export function invalidField(field: string, message: string, row?: number): InvalidInput {
  const errors = { [field]: [message] };
  return new InvalidInput(row === undefined ? errors : { [String(row)]: errors });
}
