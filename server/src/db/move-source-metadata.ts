import type { Knex } from 'knex';
import { CACHE_VERSION_TABLE } from '../dialects/cache-version/cache-version';
import { dropPgRowCountIfUnused } from '../dialects/row-count/pg-row-count';
import { legacyMetadataProblems } from '../services/transfer/legacy-metadata-problems';
import { dialectOf } from './dialect';
import { insertReturningId } from './insert-returning-id';
import { runMigrations } from './migrate';
import { META, MIGRATION_TABLES, SYSTEM } from './table-names';
import { toNumber } from './values';

type Row = Record<string, unknown>;

/** What moving one data source's metadata did. */
export type MoveOutcome =
  | { kind: 'nothing' }
  | { kind: 'moved'; tables: number; sequences: number; relations: number }
  /** `primary` already holds metadata of the source: the source's own tables were left in place. */
  | { kind: 'alreadyMoved' }
  /**
   * The rows would not pass an import of them (one line per problem, naming the row): nothing was
   * moved, and the source's own tables were left in place.
   */
  | { kind: 'refused'; problems: string[] };

/** The source's crudboard tables, dropped after the move, referencing ones first. */
const LEGACY_TABLES = [
  META.relation,
  META.indexLine,
  META.index,
  META.column,
  META.table,
  META.sequence,
  MIGRATION_TABLES.metadata,
  `${MIGRATION_TABLES.metadata}_lock`,
  CACHE_VERSION_TABLE,
];

const withoutId = (row: Row): Row => {
  const copy = { ...row };
  delete copy.id;
  return copy;
};

/** Maps old ids to new ones; an id it does not know maps to undefined. */
const mapped = (ids: ReadonlyMap<number, number>, value: unknown): number | undefined =>
  value === null || value === undefined ? undefined : ids.get(toNumber(value));

/**
 * A JSON list of `{columnId, …}` items (a form layout's body, a table permission's column rules)
 * with the column ids moved; items naming a column that no longer exists are left out.
 */
export const remapColumnItems = (text: unknown, columns: ReadonlyMap<number, number>): unknown => {
  if (typeof text !== 'string') return text;
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch {
    return text;
  }
  if (!Array.isArray(items)) return text;
  return JSON.stringify(
    items.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null || !('columnId' in item)) return [item];
      const id = mapped(columns, (item as { columnId: unknown }).columnId);
      return id === undefined ? [] : [{ ...item, columnId: id }];
    }),
  );
};

/** Rows of a system table about the data source, rewritten by `rewrite` (null: deleted). */
const rewriteRows = async (
  trx: Knex,
  table: string,
  dataSource: string,
  rewrite: (row: Row) => Row | null,
): Promise<void> => {
  const rows: Row[] = await trx(table).select('*').where('dataSource', dataSource).orderBy('id');
  if (rows.length === 0) return;
  // Deleted and inserted again with their own ids, so that no intermediate state breaks a
  // unique key made of table and column ids.
  await trx(table).where('dataSource', dataSource).delete();
  for (const row of rows) {
    const next = rewrite(row);
    if (next) await trx(table).insert(next);
  }
};

const copyInto = async (trx: Knex, source: Knex, dataSource: string) => {
  const read = (table: string): Promise<Row[]> => source(table).select('*').orderBy('id');
  const sequences = new Map<number, number>();
  for (const row of await read(META.sequence))
    sequences.set(
      toNumber(row.id),
      await insertReturningId(trx, META.sequence, { ...withoutId(row), dataSource }),
    );
  const tables = new Map<number, number>();
  for (const row of await read(META.table))
    tables.set(toNumber(row.id), await insertReturningId(trx, META.table, { ...withoutId(row), dataSource }));
  const columns = new Map<number, number>();
  for (const row of await read(META.column)) {
    const tableId = mapped(tables, row.tableId);
    if (tableId === undefined) continue;
    const seqId = mapped(sequences, row.seqId) ?? null;
    columns.set(
      toNumber(row.id),
      await insertReturningId(trx, META.column, { ...withoutId(row), tableId, seqId }),
    );
  }
  const indexes = new Map<number, number>();
  for (const row of await read(META.index)) {
    const tableId = mapped(tables, row.tableId);
    if (tableId !== undefined)
      indexes.set(toNumber(row.id), await insertReturningId(trx, META.index, { ...withoutId(row), tableId }));
  }
  for (const row of await read(META.indexLine)) {
    const indexId = mapped(indexes, row.indexId);
    const columnId = mapped(columns, row.columnId);
    if (indexId !== undefined && columnId !== undefined)
      await trx(META.indexLine).insert({ ...withoutId(row), indexId, columnId });
  }
  let relations = 0;
  for (const row of await read(META.relation)) {
    const ends = {
      fromTableId: mapped(tables, row.fromTableId),
      toTableId: mapped(tables, row.toTableId),
      fromColumnId: mapped(columns, row.fromColumnId),
      toColumnId: mapped(columns, row.toColumnId),
    };
    if (Object.values(ends).some((id) => id === undefined)) continue;
    await trx(META.relation).insert({ ...withoutId(row), ...ends, dataSource });
    relations += 1;
  }
  return { sequences, tables, columns, relations };
};

/** The state `primary` keeps about the source's tables, moved to the new table and column ids. */
const remapState = async (
  trx: Knex,
  dataSource: string,
  tables: ReadonlyMap<number, number>,
  columns: ReadonlyMap<number, number>,
) => {
  await rewriteRows(trx, SYSTEM.tableFormBuilder, dataSource, (row) => {
    const tableId = mapped(tables, row.tableId);
    return tableId === undefined ? null : { ...row, tableId, body: remapColumnItems(row.body, columns) };
  });
  await rewriteRows(trx, SYSTEM.columnExtProperty, dataSource, (row) => {
    const tableId = mapped(tables, row.tableId);
    const columnId = mapped(columns, row.columnId);
    return tableId === undefined || columnId === undefined ? null : { ...row, tableId, columnId };
  });
  await rewriteRows(trx, SYSTEM.tablePermission, dataSource, (row) => {
    const tableId = mapped(tables, row.tableId);
    return tableId === undefined
      ? null
      : { ...row, tableId, columns: remapColumnItems(row.columns, columns) };
  });
};

const dropLegacy = async (source: Knex): Promise<void> => {
  for (const table of LEGACY_TABLES) await source.schema.dropTableIfExists(table);
  if (dialectOf(source) === 'pg') {
    const { rows } = (await source.raw('SELECT current_schema() AS s')) as { rows: { s: string }[] };
    await source.raw('DROP FUNCTION IF EXISTS ??.??()', [rows[0]?.s ?? 'public', 'cb_bump_cache_version']);
    // Row counts stay only where tables crudboard made keep theirs.
    await dropPgRowCountIfUnused(source);
  }
};

/**
 * Upgrade of a data source made by a release that kept its metadata in its own database: brings
 * those `cb_meta_*` tables to their last shape, copies their rows into `primary` under the source's
 * name with new ids (one transaction), moves the ids in what `primary` keeps about the source's
 * tables (form layouts, column properties, table permissions), then drops crudboard's tables from
 * the source. Run under the source's start-up lock. A source that holds no such tables: nothing.
 * `source` must be a handle of the data source (`placeMetadata`): the rows are checked against
 * its schema and against the metadata `primary` keeps of it.
 */
export const moveSourceMetadata = async (
  primary: Knex,
  source: Knex,
  dataSource: string,
): Promise<MoveOutcome> => {
  if (!(await source.schema.hasTable(META.table))) return { kind: 'nothing' };
  // Metadata tables that name their data source are primary's own: the source shares its database.
  if (await source.schema.hasColumn(META.table, 'dataSource')) return { kind: 'nothing' };
  const already = await primary(META.table).where('dataSource', dataSource).first('id');
  const alreadySequence = await primary(META.sequence).where('dataSource', dataSource).first('id');
  if (already || alreadySequence) return { kind: 'alreadyMoved' };
  await runMigrations(source, { system: false });
  // Whoever may write to the connected database may have written these rows: they move only as
  // an import of them would be accepted (a table name reaching primary's tables, a quoted column
  // name or a systemable table refuse the whole move).
  const problems = await legacyMetadataProblems(source);
  if (problems.length > 0) return { kind: 'refused', problems };
  const moved = await primary.transaction(async (trx) => {
    const copied = await copyInto(trx, source, dataSource);
    await remapState(trx, dataSource, copied.tables, copied.columns);
    return copied;
  });
  await dropLegacy(source);
  return {
    kind: 'moved',
    tables: moved.tables.size,
    sequences: moved.sequences.size,
    relations: moved.relations,
  };
};
