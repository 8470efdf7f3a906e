/**
 * `GET /api/metadata/tables/{id}/schema-state` and `POST .../schema-repair`: whether a table's
 * physical columns agree with its metadata, and whether a schema change of it was left
 * half-applied by a server that stopped (MySQL / MariaDB apply schema changes step by step).
 */
export interface TableSchemaState {
  /** The table has every column its metadata lists, and no schema change of it is unfinished. */
  inStep: boolean;
  unfinishedChange: boolean;
  /** Columns the metadata lists that the physical table lacks. */
  missingColumns: string[];
  /** Columns of the physical table the metadata does not list. */
  extraColumns: string[];
}
