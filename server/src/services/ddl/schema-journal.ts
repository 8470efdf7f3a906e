import type { Knex } from 'knex';
import { insertReturningId } from '../../db/insert-returning-id';
import { metaOf, type MetaDb } from '../../db/metadata-home';
import { SHARED_STATE } from '../../db/table-names';
import { toNumber } from '../../db/values';
import type { SchemaOp } from '../../model/schema-op';

const TABLE = SHARED_STATE.schemaJournal;

/** `applying` until the change's metadata is committed (in the same transaction), then `committed`. */
export type JournalState = 'applying' | 'committed';

/** A schema change of one data source under way, or left half-applied by a server that died. */
export interface JournalEntry {
  id: number;
  /** The tables the change touches, by every name they have during it. */
  tables: string[];
  ops: SchemaOp[];
  /** How many of `ops` (in order) have been applied; the next one may have been too. */
  applied: number;
  state: JournalState;
}

/** The business tables an operation names. */
const tablesOf = (op: SchemaOp): string[] => {
  switch (op.kind) {
    case 'createTable':
      return [op.table.tableName];
    case 'dropTable':
      return [op.table];
    case 'renameTable':
      return [op.from, op.to];
    case 'createFullText':
    case 'dropFullText':
      return [op.target.tableName];
    default:
      return [op.table];
  }
};

/**
 * Records a stepwise schema change before its first statement, in the metadata home of `db`'s data
 * source (`primary`): the ordered operations, none applied yet. Returns the entry's id.
 */
export const openJournal = async (db: Knex, ops: readonly SchemaOp[]): Promise<number> => {
  const meta = metaOf(db);
  const tables = [...new Set(ops.flatMap(tablesOf))];
  return insertReturningId(meta.db, TABLE, {
    dataSource: meta.dataSource,
    tables: JSON.stringify(tables),
    ops: JSON.stringify(ops),
    applied: 0,
    state: 'applying' satisfies JournalState,
    createdAt: Date.now(),
  });
};

/** Records that the first `count` operations have been applied. */
export const markApplied = async (db: Knex, id: number, count: number): Promise<void> => {
  await metaOf(db).db(TABLE).where({ id }).update({ applied: count });
};

/** Records, in the metadata's own transaction, that the change's metadata is committed. */
export const markCommitted = async (meta: MetaDb, id: number): Promise<void> => {
  await meta
    .db(TABLE)
    .where({ id })
    .update({ state: 'committed' satisfies JournalState });
};

/** Forgets a change that has completed, or that has been taken back or finished. */
export const closeJournal = async (db: Knex, id: number): Promise<void> => {
  await metaOf(db).db(TABLE).where({ id }).delete();
};

/** The changes of `db`'s data source still recorded, oldest first. */
export const journalEntries = async (db: Knex): Promise<JournalEntry[]> => {
  const meta = metaOf(db);
  const rows: Record<string, unknown>[] = await meta
    .db(TABLE)
    .where({ dataSource: meta.dataSource })
    .orderBy('id')
    .select('id', 'tables', 'ops', 'applied', 'state');
  return rows.map((row) => ({
    id: toNumber(row.id),
    tables: JSON.parse(String(row.tables)) as string[],
    ops: JSON.parse(String(row.ops)) as SchemaOp[],
    applied: toNumber(row.applied),
    state: row.state === 'committed' ? 'committed' : 'applying',
  }));
};
