import type { Knex } from 'knex';
import { META } from '../../db/table-names';
import { captionsText, toBool, toNumber, toNumberOrNull, toStringOrNull } from '../../db/values';
import { physicalTablesAmong } from '../../dialects/physical-tables';
import { PRIMARY } from '../../config';
import { insertReturningId } from '../../db/insert-returning-id';
import type { SystemColumnDecl, SystemTableDecl } from './system-table-decl';
import { SYSTEM_TABLES } from './system-tables';
import { englishColumnCaption, SYSTEM_TABLE_ENGLISH } from './system-table-english';

type Row = Record<string, unknown>;

export interface SyncResult {
  /** Metadata rows (tables, columns, relations) inserted, updated and deleted by this run. */
  inserted: number;
  updated: number;
  deleted: number;
  /** Declared tables left out: their physical table is missing, or another table holds their name. */
  skipped: { name: string; reason: 'noPhysicalTable' | 'nameTaken' }[];
}

/** A row's fields in one form whatever the driver returned (booleans 0/1, numbers as text). */
type Shape = Record<string, { kind: 'bool' | 'number' | 'text'; value: unknown }>;

const normal = (kind: 'bool' | 'number' | 'text', value: unknown): unknown =>
  kind === 'bool' ? toBool(value) : kind === 'number' ? toNumberOrNull(value) : toStringOrNull(value);

/** The fields of `shape` whose stored value differs; empty when the row is up to date. */
const changes = (shape: Shape, stored: Row): Row => {
  const changed: Row = {};
  for (const [field, { kind, value }] of Object.entries(shape)) {
    if (normal(kind, value) !== normal(kind, stored[field])) changed[field] = value;
  }
  return changed;
};

const plain = (shape: Shape): Row =>
  Object.fromEntries(Object.entries(shape).map(([field, { value }]) => [field, value]));

const b = (value: boolean) => ({ kind: 'bool' as const, value });
const n = (value: number | null) => ({ kind: 'number' as const, value });
const t = (value: string | null) => ({ kind: 'text' as const, value });

/** Captions per language as stored: the English one (the declaration's caption is the Chinese one). */
const english = (caption: string | undefined) => t(captionsText(caption ? { 'en-US': caption } : null));

const tableShape = (decl: SystemTableDecl): Shape => ({
  name: t(decl.name),
  pluralName: t(decl.pluralName),
  caption: t(decl.caption),
  captions: english(SYSTEM_TABLE_ENGLISH[decl.name]?.caption),
  description: t(decl.description),
  engine: t(null),
  reverse: b(false),
  systemable: b(true),
  readOnly: b(decl.readOnly),
});

const columnShape = (table: string, column: SystemColumnDecl, displayOrder: number): Shape => ({
  caption: t(column.caption),
  captions: english(englishColumnCaption(table, column.name)),
  description: t(column.description ?? null),
  displayOrder: n(displayOrder),
  dataType: t(column.dataType),
  length: n(column.length ?? null),
  precision: n(null),
  scale: n(null),
  unsigned: b(column.unsigned ?? false),
  indexType: t(column.indexType ?? null),
  indexStorage: t(null),
  indexName: t(null),
  autoIncrement: b(column.autoIncrement ?? false),
  seqId: n(null),
  nullable: b(column.nullable ?? true),
  defaultValue: t(column.defaultValue ?? null),
  insertable: b(column.insertable ?? true),
  updatable: b(column.updatable ?? true),
  queryable: b(column.queryable ?? false),
  displayable: b(column.displayable ?? false),
  systemable: b(column.systemable ?? false),
  multipleValue: b(false),
  options: t(
    column.options
      ? JSON.stringify(
          column.options.map(({ value, zh, en, color }) => ({
            value,
            captions: { 'zh-CN': zh, 'en-US': en },
            color,
          })),
        )
      : null,
  ),
});

class Sync {
  readonly result: SyncResult = { inserted: 0, updated: 0, deleted: 0, skipped: [] };
  /** API name → table id and column ids by name, for the tables synced. */
  readonly tables = new Map<string, { id: number; columns: Map<string, number> }>();

  /**
   * `primary`'s table rows, the columns of those tables by table id, and their relations by table
   * id and name: read once for the whole run (a start after the first changes nothing and should
   * not ask three times per system table).
   */
  private readonly stored: Promise<{
    tables: Row[];
    columns: Map<number, Row[]>;
    relations: Map<string, Row>;
  }>;

  constructor(
    private readonly db: Knex.Transaction,
    private readonly now: number,
  ) {
    this.stored = (async () => {
      const tables: Row[] = await db(META.table).select('*').where('dataSource', PRIMARY);
      const ids = db(META.table).select('id').where('dataSource', PRIMARY);
      const columns = new Map<number, Row[]>();
      for (const row of (await db(META.column).select('*').whereIn('tableId', ids)) as Row[]) {
        const tableId = toNumber(row.tableId);
        const list = columns.get(tableId) ?? [];
        list.push(row);
        columns.set(tableId, list);
      }
      const relations = new Map<string, Row>();
      for (const row of (await db(META.relation).select('*').whereIn('fromTableId', ids)) as Row[])
        relations.set(`${toNumber(row.fromTableId)}:${String(row.name)}`, row);
      return { tables, columns, relations };
    })();
    // Read when first needed; a failure shows there, not as an unhandled rejection.
    this.stored.catch(() => undefined);
  }

  private async upsert(
    table: string,
    id: number | undefined,
    stored: Row | undefined,
    shape: Shape,
    extra: Row,
  ) {
    if (id === undefined || !stored) {
      this.result.inserted += 1;
      return insertReturningId(this.db, table, {
        ...extra,
        ...plain(shape),
        createdDate: this.now,
        lastModifiedDate: this.now,
      });
    }
    const changed = changes(shape, stored);
    if (Object.keys(changed).length > 0) {
      this.result.updated += 1;
      await this.db(table)
        .where('id', id)
        .update({ ...changed, lastModifiedDate: this.now });
    }
    return id;
  }

  /** The metadata row of a declared table: by its physical name; null when its name is another table's. */
  private async findTable(decl: SystemTableDecl): Promise<Row | null | undefined> {
    const lower = [decl.name, decl.pluralName, decl.tableName].map((name) => name.toLowerCase());
    // System tables are `primary`'s; other data sources' tables share cb_meta_table.
    const rows = (await this.stored).tables;
    const own = rows.find((row) => String(row.tableName).toLowerCase() === decl.tableName.toLowerCase());
    const clash = rows.find(
      (row) =>
        row !== own &&
        [row.name, row.pluralName, row.tableName].some(
          (name) => typeof name === 'string' && lower.includes(name.toLowerCase()),
        ),
    );
    return clash ? null : own;
  }

  async table(decl: SystemTableDecl): Promise<void> {
    const stored = await this.findTable(decl);
    if (stored === null) {
      this.result.skipped.push({ name: decl.name, reason: 'nameTaken' });
      return;
    }
    const tableId = await this.upsert(
      META.table,
      stored ? toNumber(stored.id) : undefined,
      stored,
      tableShape(decl),
      { tableName: decl.tableName },
    );

    // A table inserted just now has no columns yet.
    const storedColumns: Row[] = stored ? ((await this.stored).columns.get(tableId) ?? []) : [];
    const byName = new Map(storedColumns.map((row) => [String(row.name), row]));
    const declared = new Set(decl.columns.map((column) => column.name));
    const dropped = storedColumns
      .filter((row) => !declared.has(String(row.name)))
      .map((row) => toNumber(row.id));
    if (dropped.length > 0) {
      await this.db(META.relation).whereIn('fromColumnId', dropped).orWhereIn('toColumnId', dropped).delete();
      await this.db(META.indexLine).whereIn('columnId', dropped).delete();
      await this.db(META.column).whereIn('id', dropped).delete();
      this.result.deleted += dropped.length;
    }
    const columns = new Map<string, number>();
    for (const [displayOrder, column] of decl.columns.entries()) {
      const row = byName.get(column.name);
      const id = await this.upsert(
        META.column,
        row ? toNumber(row.id) : undefined,
        row,
        columnShape(decl.name, column, displayOrder),
        { tableId, name: column.name },
      );
      columns.set(column.name, id);
    }
    this.tables.set(decl.name, { id: tableId, columns });
  }

  async relations(decl: SystemTableDecl): Promise<void> {
    const from = this.tables.get(decl.name);
    if (!from) return;
    for (const relation of decl.relations) {
      const to = this.tables.get(relation.toTable);
      const fromColumnId = from.columns.get(relation.fromColumn);
      const toColumnId = to?.columns.get(relation.toColumn);
      if (!to || fromColumnId === undefined || toColumnId === undefined) continue;
      const stored = (await this.stored).relations.get(`${from.id}:${relation.name}`);
      await this.upsert(
        META.relation,
        stored ? toNumber(stored.id) : undefined,
        stored,
        {
          caption: t(relation.caption),
          captions: english(SYSTEM_TABLE_ENGLISH[decl.name]?.relations?.[relation.name]),
          relationType: t(relation.relationType),
          toTableId: n(to.id),
          fromColumnId: n(fromColumnId),
          toColumnId: n(toColumnId),
        },
        { fromTableId: from.id, name: relation.name },
      );
    }
  }
}

/**
 * Writes the metadata of the system tables (docs/api.md §3) into `primary`: tables, columns and the
 * declared relations are inserted when missing and updated when the declaration changed; columns
 * no longer declared are removed. Idempotent: a second run changes nothing. Tables whose physical
 * table is missing, or whose name another table holds, are skipped and reported.
 */
export const syncSystemTables = async (
  knex: Knex,
  decls: readonly SystemTableDecl[] = SYSTEM_TABLES,
  now: number = Date.now(),
): Promise<SyncResult> => {
  const present: SystemTableDecl[] = [];
  const missing: SyncResult['skipped'] = [];
  const existing = await physicalTablesAmong(
    knex,
    decls.map((decl) => decl.tableName),
  );
  for (const decl of decls) {
    if (existing.has(decl.tableName.toLowerCase())) present.push(decl);
    else missing.push({ name: decl.name, reason: 'noPhysicalTable' });
  }
  return knex.transaction(async (trx) => {
    const sync = new Sync(trx, now);
    sync.result.skipped.push(...missing);
    for (const decl of present) await sync.table(decl);
    for (const decl of present) await sync.relations(decl);
    return sync.result;
  });
};
