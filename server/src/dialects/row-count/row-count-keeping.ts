import type { Knex } from 'knex';

import type { NotKeptReason as AnyNotKeptReason } from '../../../../contract/row-count';

/** Why a database that keeps counts cannot keep a table's. */
export type NotKeptReason = Exclude<AnyNotKeptReason, 'cheap'>;

/** A table's kept row count as the designer shows it. */
export interface RowCountState {
  kept: boolean;
  /** The database's own estimate of the rows (its statistics), null when it has none. */
  estimatedRows: number | null;
  /** Why the count cannot be kept, when it cannot. */
  notKept: NotKeptReason | null;
}

/**
 * Keeping a table's exact row count beside it, for the tables crudboard did not create (a
 * reversed table's count is the administrator's choice: triggers on a table another application
 * owns, and a first count of it). Absent where counting is cheap (SQLite).
 */
export interface RowCountKeeping {
  state(db: Knex, tableName: string): Promise<RowCountState>;
  /** Adds the triggers and counts the table once, online; the reason when the database cannot. */
  keep(db: Knex, tableName: string): Promise<NotKeptReason | null>;
  /** Drops the triggers and the kept count. */
  stop(db: Knex, tableName: string): Promise<void>;
}
