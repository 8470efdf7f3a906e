/** Why a database cannot keep a table's row count (`cheap`: it counts quickly anyway, SQLite). */
export type NotKeptReason = 'cheap' | 'view' | 'engine' | 'cascade' | 'privilege';

/**
 * `GET` / `PATCH /api/metadata/tables/{id}/row-count`: whether a table's exact row count is kept
 * beside it (by triggers) or counted row by row on every list. crudboard's own tables keep it
 * where the database needs it; for a reversed table it is the administrator's choice.
 */
export interface TableRowCount {
  /** crudboard made the table. */
  owned: boolean;
  kept: boolean;
  /** The database statistics' estimate of the rows, null when there is none. */
  estimatedRows: number | null;
  /** Why the count is not kept and cannot be. */
  notKept: NotKeptReason | null;
}
