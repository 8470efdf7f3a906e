import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { inMetaTransaction, metaOf } from '../../db/metadata-home';
import { META } from '../../db/table-names';
import { relationsOf } from '../scoped-meta';
import { toNumber } from '../../db/values';
import { introspectionFor } from '../../dialects/introspection/introspection-for';
import type { RawTable } from '../../dialects/introspection/introspection';
import { ApiException } from '../../errors/api-exception';
import { reverseMessage } from '../../i18n/reverse-messages';
import { withSchemaChange } from '../ddl/schema-lock';
import { readSchemaItems } from '../tables/schema-items';
import { withSchemaEvents } from '../webhooks/append-schema-events';
import { listTables } from '../metadata-store';
import { ErrorBag } from '../tables/error-bag';
import { isApiColumnName, isQuotableIdentifier } from '../tables/name-problem';
import type { Localized } from '../../i18n/messages';
import type { TableDef } from '../../model/table-def';
import { insertTableMetadata } from '../tables/write-table-metadata';
import { apiNameFor } from './api-name';
import { insertRelations, type RelationRow } from './insert-relations';
import {
  findTable,
  introspectTable,
  managedTableNames,
  readCatalogue,
  withForeignKeyTargets,
  type IntrospectedTable,
} from './physical-tables';
import { planRelations, type RelationTable } from './plan-relations';
import { reverseTableDef } from './reverse-table-def';
import type { ReverseWarning } from './reverse-warning';

export interface ReverseResult {
  /** Ids of the reversed tables, in request order (those not reversed left out). */
  ids: number[];
  /** The tables reversed, by physical name, with their ids. */
  reversed: { table: string; id: number }[];
  /** With `partial`: the tables left out, and why. */
  skipped: { table: string; message: Localized }[];
  warnings: ReverseWarning[];
}

export interface ReverseOptions {
  /**
   * Reverse the tables that can be and report the others (`skipped`), instead of refusing the whole
   * batch when one cannot be; a batch where none can be is still a 400.
   */
  partial?: boolean;
}

const quoteList = (names: readonly string[]) => names.join(', ');

/**
 * Errors for names metadata cannot hold, by physical table name. A table name only has to be
 * quotable (spaces, CJK, hyphens, mixed case and reserved words are fine: its API name is derived);
 * the API names columns by their physical names, so those must be names it can carry (isApiColumnName).
 */
const checkNames = (tables: readonly IntrospectedTable[], errors: ErrorBag) => {
  for (const table of tables) {
    const field = table.tableName;
    if (!isQuotableIdentifier(table.tableName)) {
      errors.add(field, reverseMessage('tableNameUnusable', { name: table.tableName }));
      continue;
    }
    if (table.columns.length === 0) errors.add(field, reverseMessage('noColumns', { name: table.tableName }));
    const unusable = table.columns.map((column) => column.name).filter((name) => !isApiColumnName(name));
    if (unusable.length > 0) {
      errors.add(
        field,
        reverseMessage('columnNameUnusable', { table: table.tableName, names: quoteList(unusable) }),
      );
      continue;
    }
    const lower = table.columns.map((column) => column.name.toLowerCase());
    const clashing = table.columns
      .map((column) => column.name)
      .filter((_, i) => lower.indexOf(lower[i] ?? '') !== i || lower.lastIndexOf(lower[i] ?? '') !== i);
    if (clashing.length > 0)
      errors.add(
        field,
        reverseMessage('columnNameClash', { table: table.tableName, names: quoteList(clashing) }),
      );
  }
};

/** Finds the requested tables: 400 for repeats and crudboard's own, 404 for missing, 409 for managed ones. */
const resolveTables = async (db: Knex, names: readonly string[]): Promise<RawTable[]> => {
  const catalogue = await readCatalogue(db);
  const errors = new ErrorBag();
  const missing: string[] = [];
  const found: RawTable[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const table = findTable(catalogue, name);
    if (!table) {
      missing.push(name.slice(0, 100));
      continue;
    }
    if (catalogue.internal.has(table.tableName)) {
      errors.add(table.tableName, reverseMessage('tableInternal', { name: table.tableName }));
      continue;
    }
    if (seen.has(table.tableName)) {
      errors.add(table.tableName, reverseMessage('tableDuplicate', { name: table.tableName }));
      continue;
    }
    seen.add(table.tableName);
    found.push(table);
  }
  errors.throwIfAny();
  if (missing.length > 0)
    throw new ApiException('NOT_FOUND', reverseMessage('tableMissing', { names: quoteList(missing) }));
  const managed = await managedTableNames(db);
  const again = found.filter((table) => managed.has(table.tableName.toLowerCase())).map((t) => t.tableName);
  if (again.length > 0)
    throw new ApiException('CONFLICT', reverseMessage('tableManaged', { names: quoteList(again) }));
  return found;
};

const columnIdsOf = async (
  db: Knex,
  tableIds: readonly number[],
): Promise<Map<number, Map<string, number>>> => {
  const rows: Record<string, unknown>[] = await db(META.column)
    .select('id', 'tableId', 'name')
    .whereIn('tableId', tableIds);
  const byTable = new Map<number, Map<string, number>>();
  for (const row of rows) {
    const tableId = toNumber(row.tableId);
    const columns = byTable.get(tableId) ?? new Map<string, number>();
    columns.set(String(row.name), toNumber(row.id));
    byTable.set(tableId, columns);
  }
  return byTable;
};

/**
 * POST /metadatas/reverse: builds metadata for existing physical tables without touching them (no
 * DDL): columns with the nearest data types, keys and indexes, and the relations their foreign
 * keys stand for, between the tables of the batch and with tables already managed. All or
 * nothing, in one transaction. Returns the new table ids in request order, and what could only be
 * approximated.
 */
export const reverseTables = (
  db: Knex,
  names: readonly string[],
  options: ReverseOptions = {},
): Promise<ReverseResult> =>
  withSchemaChange(db, async () => {
    const found = await resolveTables(db, names);
    const dialect = dialectOf(db);
    const candidates: IntrospectedTable[] = [];
    for (const table of found)
      candidates.push(await withForeignKeyTargets(db, await introspectTable(db, table)));
    const errors = new ErrorBag();
    checkNames(candidates, errors);
    const refused = new Map(Object.entries(errors.errors));
    if (!options.partial || refused.size === candidates.length) errors.throwIfAny();
    const skipped = candidates
      .filter((table) => refused.has(table.tableName))
      .map((table) => ({ table: table.tableName, message: refused.get(table.tableName) as Localized }));
    const introspected = candidates.filter((table) => !refused.has(table.tableName));

    const managed = await listTables(db);
    const taken = new Set(
      managed
        .flatMap((table) => [table.name, table.pluralName, table.tableName])
        .map((name) => name.toLowerCase()),
    );
    for (const table of introspected) taken.add(table.tableName.toLowerCase());
    const warnings: ReverseWarning[] = [];
    // Galera replicates a table's row changes safely only by its primary key.
    if (await sqlDialect(dialect).runsOnCluster(db)) {
      for (const table of introspected)
        if (table.primaryKey.length === 0)
          warnings.push({ table: table.tableName, reason: 'keylessOnGalera' });
    }
    const defs: TableDef[] = introspected.map((table) => {
      taken.delete(table.tableName.toLowerCase());
      const name = apiNameFor(table.tableName, taken);
      taken.add(table.tableName.toLowerCase());
      return reverseTableDef(table, dialect, name, warnings);
    });

    const relationRows: Record<string, unknown>[] = managed.length
      ? await relationsOf(metaOf(db))
          .select('fromTableId', 'name')
          .whereIn(
            'fromTableId',
            managed.map((table) => table.id),
          )
      : [];
    const relationTables: RelationTable[] = [
      ...managed
        .filter((table) => !table.systemable)
        .map((table) => ({
          tableName: table.tableName,
          name: table.name,
          caption: table.caption,
          columns: table.columns.map((column) => column.name),
          relations: relationRows
            .filter((row) => toNumber(row.fromTableId) === table.id)
            .map((row) => String(row.name)),
          reversed: false,
        })),
      ...defs.map((def) => ({
        tableName: def.tableName,
        name: def.name,
        caption: def.caption,
        columns: def.columns.map((column) => column.name),
        relations: [],
        reversed: true,
      })),
    ];
    const batch = new Set(defs.map((def) => def.tableName.toLowerCase()));
    const foreignKeys = [
      ...introspected.flatMap((table) => table.foreignKeys),
      ...(managed.length > 0
        ? (await introspectionFor(db).foreignKeys(db)).filter(
            (key) =>
              !batch.has(key.table.toLowerCase()) &&
              batch.has(key.refTable.toLowerCase()) &&
              key.refColumn !== null,
          )
        : []),
    ];
    const relations = planRelations(relationTables, foreignKeys, warnings);

    const now = Date.now();
    const ids = await inMetaTransaction(db, (meta) =>
      withSchemaEvents(
        meta,
        (created) => readSchemaItems(meta, { tables: created ?? [] }),
        async () => {
          const created: number[] = [];
          for (const def of defs) created.push(await insertTableMetadata(meta, def, now));
          const tableIds = new Map<string, number>([
            ...managed.map((table): [string, number] => [table.tableName, table.id]),
            ...defs.map((def, i): [string, number] => [def.tableName, created[i] as number]),
          ]);
          const columnIds = await columnIdsOf(meta.db, [
            ...new Set(
              relations.flatMap((r) => [tableIds.get(r.fromTable) ?? 0, tableIds.get(r.toTable) ?? 0]),
            ),
          ]);
          const rows: RelationRow[] = relations.map((relation) => {
            const fromTableId = tableIds.get(relation.fromTable) as number;
            const toTableId = tableIds.get(relation.toTable) as number;
            return {
              name: relation.name,
              caption: relation.caption,
              relationType: relation.relationType,
              fromTableId,
              toTableId,
              fromColumnId: columnIds.get(fromTableId)?.get(relation.fromColumn) as number,
              toColumnId: columnIds.get(toTableId)?.get(relation.toColumn) as number,
            };
          });
          await insertRelations(meta, rows, now);
          return created;
        },
      ),
    );
    const reversed = defs.map((def, i) => ({ table: def.tableName, id: ids[i] as number }));
    return { ids, reversed, skipped, warnings };
  });
