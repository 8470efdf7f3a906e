import { ApiException } from '../../errors/api-exception';
import { errorMessage, type Localized } from '../../i18n/messages';
import { coerceValue } from '../../query/coerce-value';
import type { ScalarValue } from '../../query/query-types';
import {
  insertRecord,
  insertRow,
  consecutiveKeyStep,
  insertRowsAfterLastRowid,
  insertRowsReturningKeys,
  insertRowsWithKeyStep,
  prepareInsert,
  type PreparedInsert,
} from '../items/insert-record';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { fullTextFor } from '../../dialects/full-text/full-text-for';
import { createdChanges } from '../history/column-changes';
import { fullTextTableOf } from '../items/full-text-table-of';
import type { ItemTable } from '../items/item-table';
import { mapDbError } from '../items/map-db-error';
import { readRows } from '../items/read-rows';
import { keyText, whereKeys, type KeyValues } from '../items/record-keys';
import { toRecord } from '../items/to-record';
import { updateRecord } from '../items/update-record';
import { hasRowRule } from '../items/row-filter';
import type { WriteContext } from '../items/write-context';
import type { ImportReport } from './import-report';
import { localized } from './import-report';
import type { ImportRow } from './import-row';
import { resolveRelations, type KeyMaps } from './resolve-relations';

/** Rows read, checked and written together. */
export const IMPORT_BATCH = 1000;
/** Bound parameters per multi-row INSERT: below SQLite's 32,766 and the 65,535 of PostgreSQL and MySQL. */
const MAX_PARAMETERS = 30_000;
/** Rows per multi-row INSERT: SQLite writes them as a compound SELECT of at most 500 terms. */
const MAX_INSERT_ROWS = 400;
const KEY_CHUNK = 500;

export interface ImportOptions {
  /** The table's name in failures (a multi-table import). */
  table?: string;
  /** How a column is named in failures (the sheet's header); its name otherwise. */
  label?: (column: string) => string;
  /**
   * Multi-table imports: records are inserted one by one through the create path (nested children
   * included), and the new keys of auto-increment records are remembered under the keys the file
   * gave them, so that later tables' references follow them.
   */
  keyMaps?: KeyMaps;
}

type Operation =
  | { kind: 'insert'; row: ImportRow; prepared: PreparedInsert }
  | { kind: 'create'; row: ImportRow }
  | { kind: 'update'; row: ImportRow; key: KeyValues };

const NO_OPTIONS = { path: '', depth: 0, fixed: {} };

/** The row's key, typed, when it gives every key column. */
const keyOf = (item: ItemTable, row: ImportRow): KeyValues | null => {
  if (item.keys.length === 0) return null;
  const key: KeyValues = {};
  for (const column of item.keys) {
    const value = row.values[column.name];
    if (value === null || value === undefined || value === '') return null;
    const coerced = coerceValue(column, value);
    if (!coerced.ok) return null;
    key[column.name] = coerced.value;
  }
  return key;
};

/** The keys (as text) of the given keys that are stored already. */
const storedKeys = async (write: WriteContext, item: ItemTable, keys: KeyValues[]): Promise<Set<string>> => {
  const found = new Set<string>();
  const names = item.keys.map((key) => key.name);
  for (let i = 0; i < keys.length; i += KEY_CHUNK) {
    const query = readRows(write.db, write.dialect, item.table.tableName, names);
    const rows: Record<string, unknown>[] = await whereKeys(query, item, keys.slice(i, i + KEY_CHUNK));
    for (const row of rows) {
      const record = toRecord(item.table.columns, row);
      const key: KeyValues = {};
      for (const column of item.keys) {
        const coerced = coerceValue(column, record[column.name]);
        if (coerced.ok) key[column.name] = coerced.value;
      }
      found.add(keyText(item, key));
    }
  }
  return found;
};

/** The failures an error of the write path stands for; rethrows what is not about the row. */
const failuresOf = (error: unknown, item: ItemTable): { column?: string; message: Localized }[] => {
  const known = error instanceof ApiException ? error : mapDbError(error, [item.table]);
  if (!known) throw error;
  if (known.errors && Object.keys(known.errors).length > 0) {
    return Object.entries(known.errors).map(([column, message]) =>
      column === 'body' ? { message: localized(message) } : { column, message: localized(message) },
    );
  }
  const message = known.detail
    ? localized(known.detail)
    : { zh: errorMessage(known.code, 'zh'), en: errorMessage(known.code, 'en') };
  return [{ message }];
};

/** The auto-increment key of a table with a single key, if it has one. */
const generatedKey = (item: ItemTable) => {
  const [single] = item.keys;
  return item.keys.length === 1 && single?.autoIncrement ? single : null;
};

/** Record history of a record the bulk path inserted (insertRecord reports its own). */
const created = (write: WriteContext, item: ItemTable, key: KeyValues, values: Record<string, unknown>) =>
  write.changed({ item, key, action: 'create', changes: createdChanges(item, { ...values, ...key }) });

/**
 * What readies the table's search index for the multi-row INSERTs of a batch (MariaDB's InnoDB
 * bigrams are made for all of an INSERT's rows at once): given one INSERT's rows, it returns what
 * to run after it. Null for a table without a search column or an index that needs nothing.
 */
const searchIndexPreparer = async (write: WriteContext, item: ItemTable) => {
  const target = fullTextTableOf(item);
  if (!target) return null;
  const fullText = await fullTextFor(write.db);
  const prepare = await fullText.insertPreparer?.(write.db, target);
  if (!prepare) return null;
  const column = target.column.name;
  return (rows: readonly Record<string, unknown>[]) => prepare(rows.map((row) => row[column]));
};

const insertGroups = async (
  write: WriteContext,
  item: ItemTable,
  inserts: PreparedInsert[],
): Promise<void> => {
  if (inserts.length === 0) return;
  // Record history, the afterCreate hooks and what waits for the commit (afterCommit hooks,
  // webhooks, flows) want each new record's key.
  const hooked = write.hooks.watching('afterCreate', item.table);
  const afterCreate = hooked || write.revisions.wants(item);
  // MySQL gives back one key per INSERT: several rows at once only when their keys follow.
  const step =
    afterCreate && sqlDialect(write.dialect).insertedKeys !== 'returning'
      ? await consecutiveKeyStep(write, item)
      : undefined;
  const prepare = await searchIndexPreparer(write, item);
  if (step === null) {
    // a record at a time
    const prepared = await prepare?.(inserts.map(({ values }) => values));
    for (const { values } of inserts) {
      const key = await insertRow(write, item, values);
      created(write, item, key, values);
      await write.hooks.run('afterCreate', { write, item, key, values });
    }
    await prepared?.();
    return;
  }
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const { values } of inserts) {
    const signature = Object.keys(values).sort().join('\u0000');
    const group = groups.get(signature) ?? [];
    group.push(values);
    groups.set(signature, group);
  }
  for (const rows of groups.values()) {
    const width = Math.max(1, Object.keys(rows[0] ?? {}).length);
    const size = Math.max(1, Math.min(MAX_INSERT_ROWS, Math.floor(MAX_PARAMETERS / width)));
    for (let i = 0; i < rows.length; i += size) {
      const chunk = rows.slice(i, i + size);
      const prepared = await prepare?.(chunk);
      if (!afterCreate) {
        await write.db(item.table.tableName).insert(chunk);
        await prepared?.();
        continue;
      }
      // A hook wants each new record's key: read back with the insert, then the hooks in row order.
      const keys =
        step !== undefined
          ? await insertRowsWithKeyStep(write, item, chunk, step)
          : sqlDialect(write.dialect).consecutiveRowIds
            ? await insertRowsAfterLastRowid(write, item, chunk)
            : await insertRowsReturningKeys(write, item, chunk);
      await prepared?.();
      for (const [index, values] of chunk.entries()) {
        created(write, item, keys[index] ?? {}, values);
        if (hooked) await write.hooks.run('afterCreate', { write, item, key: keys[index] ?? {}, values });
      }
    }
  }
};

const runOne = async (
  write: WriteContext,
  item: ItemTable,
  operation: Operation,
  options: ImportOptions,
): Promise<void> => {
  switch (operation.kind) {
    case 'insert': {
      const { values } = operation.prepared;
      const key = await insertRow(write, item, values);
      created(write, item, key, values);
      await write.hooks.run('afterCreate', { write, item, key, values });
      return;
    }
    case 'update':
      await updateRecord(write, item, operation.key, operation.row.values, NO_OPTIONS);
      return;
    case 'create': {
      const key = await insertRecord(write, item, operation.row.values, NO_OPTIONS);
      const generated = generatedKey(item);
      const given = generated ? operation.row.values[generated.name] : undefined;
      if (generated && options.keyMaps && given !== undefined && given !== null && given !== '') {
        const map = options.keyMaps.get(item.table.id) ?? new Map<string, ScalarValue>();
        map.set(String(given), key[generated.name] as ScalarValue);
        options.keyMaps.set(item.table.id, map);
      }
    }
  }
};

/** Writes the operations of a batch: together when they all succeed, else one by one to find the bad rows. */
const writeOperations = async (
  write: WriteContext,
  item: ItemTable,
  operations: Operation[],
  report: ImportReport,
  options: ImportOptions,
): Promise<void> => {
  const count = (operation: Operation) => {
    if (operation.kind === 'update') report.updated += 1;
    else report.inserted += 1;
  };
  const collected = write.revisions.size;
  try {
    await write.db.transaction(async (savepoint) => {
      const inner = { ...write, db: savepoint };
      await insertGroups(
        inner,
        item,
        operations.flatMap((operation) => (operation.kind === 'insert' ? [operation.prepared] : [])),
      );
      for (const operation of operations) {
        if (operation.kind !== 'insert') await runOne(inner, item, operation, options);
      }
    });
    operations.forEach(count);
    return;
  } catch (error) {
    // The batch rolled back to its savepoint: so do the revisions it collected.
    write.revisions.truncate(collected);
    // Not about a row (a lost connection…): the whole import fails.
    failuresOf(error, item);
  }
  for (const operation of operations) {
    const before = write.revisions.size;
    try {
      await write.db.transaction((savepoint) =>
        runOne({ ...write, db: savepoint }, item, operation, options),
      );
      count(operation);
    } catch (error) {
      write.revisions.truncate(before);
      for (const failure of failuresOf(error, item)) operation.row.fail(failure.column, failure.message);
    }
  }
};

/**
 * Imports one batch of rows into `item` inside the caller's transaction, exactly as the create
 * and update calls write records (conversion, sequences, server-filled columns, full-text body,
 * guards): relation values resolved to keys, a row whose key is stored already updates that
 * record, the others are inserted (several rows per INSERT). Bad rows are added to the report
 * with every reason found; the good ones are written whatever the others do (the caller rolls
 * back an all-or-nothing import).
 */
export const importBatch = async (
  write: WriteContext,
  item: ItemTable,
  rows: ImportRow[],
  report: ImportReport,
  options: ImportOptions = {},
): Promise<void> => {
  await resolveRelations(write, item, rows, options.keyMaps);
  const keyed = rows.map((row) => ({ row, key: keyOf(item, row) }));
  const stored = await storedKeys(
    write,
    item,
    keyed.flatMap(({ key }) => (key ? [key] : [])),
  );
  const operations: Operation[] = [];
  for (const { row, key } of keyed) {
    if (!row.ok) continue;
    if (key && stored.has(keyText(item, key))) {
      operations.push({ kind: 'update', row, key });
      continue;
    }
    // Under a create rule each record goes through the create path, which checks it (a row error).
    if (options.keyMaps || hasRowRule(write, item.table, 'create')) {
      operations.push({ kind: 'create', row });
      continue;
    }
    try {
      operations.push({
        kind: 'insert',
        row,
        prepared: await prepareInsert(write, item, row.values, NO_OPTIONS),
      });
    } catch (error) {
      for (const failure of failuresOf(error, item)) row.fail(failure.column, failure.message);
    }
  }
  if (operations.length > 0) await writeOperations(write, item, operations, report, options);

  const label = options.label ?? ((column: string) => column);
  for (const row of rows) {
    for (const failure of row.failures) {
      report.fail({
        ...(options.table === undefined ? {} : { table: options.table }),
        row: row.row,
        ...(failure.column === undefined ? {} : { column: label(failure.column) }),
        message: failure.message,
      });
    }
  }
};
