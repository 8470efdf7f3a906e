import type { Knex } from 'knex';

/**
 * One step of a schema change as it runs: `apply`, and for MySQL (where DDL commits at once) the
 * compensating `undo` and a `finalize` that runs only after the metadata is committed.
 */
export interface DdlStep {
  label: string;
  apply(db: Knex): Promise<void>;
  undo?(db: Knex): Promise<void>;
  finalize?(db: Knex): Promise<void>;
}
