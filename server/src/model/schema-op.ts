import type { DefaultLiteral } from './default-literal';
import type { ColumnDef, TableDef } from './table-def';

/** An index as the database has it; `key` identifies it across an edit (ids, not names). */
export interface PhysicalIndex {
  key: string;
  name: string;
  unique: boolean;
  hash: boolean;
  columns: string[];
  /** Identities of the indexed columns, to tell a changed index from a renamed column. */
  columnKeys: string[];
}

/** The CHECK (col >= 0) that stands for `unsigned` on PostgreSQL and SQLite. */
export interface PhysicalCheck {
  key: string;
  name: string;
  column: string;
}

/** The keyword-search index of a table's FULLTEXT column and what it depends on. */
export interface FullTextTarget {
  tableName: string;
  column: ColumnDef;
  /** The single key column, when the table has one (rows of the search index point at it). */
  key: ColumnDef | null;
  /** The soft-delete flag, when the table has one (SQLite marks its rows in the index). */
  flag: ColumnDef | null;
}

/**
 * One step of a schema change, in the order it runs. `table` is the physical table name at that
 * point (after any rename planned before it). Names come from validated metadata only.
 */
export type SchemaOp =
  | { kind: 'createTable'; table: TableDef }
  | { kind: 'dropTable'; table: string }
  | { kind: 'renameTable'; from: string; to: string }
  | { kind: 'setEngine'; table: string; from: string; to: string }
  | { kind: 'addColumn'; table: string; column: ColumnDef }
  | { kind: 'dropColumn'; table: string; column: ColumnDef }
  | { kind: 'renameColumn'; table: string; from: string; to: string }
  | { kind: 'alterColumn'; table: string; from: ColumnDef; to: ColumnDef }
  | { kind: 'fillNulls'; table: string; column: ColumnDef; value: DefaultLiteral }
  | { kind: 'setNotNull'; table: string; column: ColumnDef }
  | { kind: 'createIndex'; table: string; index: PhysicalIndex }
  | { kind: 'dropIndex'; table: string; index: PhysicalIndex }
  | { kind: 'renameIndex'; table: string; from: string; to: string; index: PhysicalIndex }
  | { kind: 'addCheck'; table: string; check: PhysicalCheck }
  | { kind: 'dropCheck'; table: string; check: PhysicalCheck }
  | { kind: 'renameCheck'; table: string; from: string; to: string }
  | { kind: 'createFullText'; target: FullTextTarget }
  | { kind: 'dropFullText'; target: FullTextTarget };

export type SchemaOpKind = SchemaOp['kind'];

/** How a confirmed lossy change makes existing values fit before the schema changes. */
export type Repair =
  | { kind: 'truncate'; limit: number }
  | { kind: 'round'; scale: number }
  | { kind: 'set'; value: DefaultLiteral | null };

/** A row condition that would lose data; checked before any schema change, on the old names. */
export type LossCondition =
  | { kind: 'tooLong'; limit: number }
  | { kind: 'outOfRange'; min: string; max: string }
  | { kind: 'fraction'; scale: number }
  | { kind: 'text'; pattern: string; min?: string; max?: string; type: string }
  | { kind: 'timePart' }
  | { kind: 'nulls' }
  | { kind: 'rows' }
  | { kind: 'values'; reason: 'drop' | 'retype'; type: string }
  | { kind: 'duplicates'; columns: string[] };

export interface LossCheck {
  /** Physical table before the change. */
  table: string;
  /** Physical column before the change (absent for a new column's `rows` check). */
  column?: string;
  /** The column the message names. */
  label: string;
  condition: LossCondition;
  /** Absent: nothing to repair (the change itself drops the data) or, for duplicates, never allowed. */
  repair?: Repair;
}

export interface SchemaPlan {
  ops: SchemaOp[];
  checks: LossCheck[];
}
