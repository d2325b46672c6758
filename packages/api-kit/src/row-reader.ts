/**
 * What the kit's list answers need from a database: a query and a cursor read. Both apps' database layers
 * have this shape, so the kit does not depend on either (nor on a driver).
 */
export type Row = Record<string, unknown>;

export interface RowReader {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  stream<T extends Row = Row>(
    sql: string,
    params: readonly unknown[],
    batchSize: number,
    onBatch: (rows: T[]) => Promise<void> | void,
  ): Promise<void>;
  /** Rows as the JSON texts the database builds (false, having sent nothing, when it cannot): big pages. */
  streamJson?(
    sql: string,
    params: readonly unknown[],
    batchSize: number,
    onBatch: (json: string[]) => Promise<void> | void,
  ): Promise<boolean>;
}
