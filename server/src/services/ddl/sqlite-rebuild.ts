import type { Knex } from 'knex';
import { storedDefault } from '../../dialects/add-column';
import { createPhysicalTable, type ForeignKeyDecl } from './create-physical-table';
import { derivedName } from '../../dialects/derived-name';
import type { DefaultLiteral } from '../../dialects/default-value';
import type { FullText } from '../../dialects/full-text/full-text';
import type { ColumnDef, TableDef } from '../../model/table-def';
import { applyOp, assertSafeOp } from './apply-op';
import { convertibleInPlace, familyOf, type Family } from './column-conversion';
import type { DdlStep } from './ddl-step';
import { defaultOf } from './plan-table-change';
import { fullTextTarget, physicalIndexes } from './physical-objects';
import type { SchemaOp, SchemaOpKind } from '../../model/schema-op';

/** Operations SQLite's ALTER TABLE cannot do: the table is rebuilt from its new definition. */
const REBUILD: ReadonlySet<SchemaOpKind> = new Set([
  'dropColumn',
  'alterColumn',
  'setNotNull',
  'addCheck',
  'dropCheck',
]);

export const needsRebuild = (ops: readonly SchemaOp[]): boolean => ops.some((op) => REBUILD.has(op.kind));

/** SQL of the value copied into a rebuilt column from its old one (constant text, column as `??`). */
export const copyExpression = (from: Family, to: Family): string => {
  if (from === to) return '??';
  if (from === 'string') {
    switch (to) {
      case 'integer':
      case 'bool':
        return 'CAST(trim(??) AS INTEGER)';
      case 'float':
        return 'CAST(trim(??) AS REAL)';
      case 'decimal':
        return 'CAST(trim(??) AS NUMERIC)';
      default:
        return 'trim(??)';
    }
  }
  if (to === 'string') return 'CAST(?? AS TEXT)';
  if (to === 'integer' && (from === 'float' || from === 'decimal')) return 'CAST(round(??) AS INTEGER)';
  if (from === 'datetime' && to === 'date') return 'substr(??, 1, 10)';
  if (from === 'date' && to === 'datetime') return "?? || ' 00:00:00'";
  return '??';
};

interface ForeignKeyRow {
  id: number;
  seq: number;
  table: string;
  from: string;
  to: string;
  on_update: string;
  on_delete: string;
}

/** The table's foreign keys, following renamed columns and leaving out those of dropped columns. */
const foreignKeysOf = async (db: Knex, old: TableDef, next: TableDef): Promise<ForeignKeyDecl[]> => {
  const rows = (await db.raw('PRAGMA foreign_key_list(??)', [next.tableName])) as ForeignKeyRow[];
  const renamed = new Map(
    old.columns.flatMap((column) => {
      const now = next.columns.find((candidate) => candidate.id !== undefined && candidate.id === column.id);
      return now ? [[column.name, now.name] as const] : [];
    }),
  );
  const keys = new Map<number, ForeignKeyDecl>();
  for (const row of [...rows].sort((a, b) => a.id - b.id || a.seq - b.seq)) {
    const key = keys.get(row.id) ?? {
      columns: [],
      table: row.table.toLowerCase() === old.tableName.toLowerCase() ? next.tableName : row.table,
      references: [],
      onDelete: row.on_delete,
      onUpdate: row.on_update,
    };
    key.columns.push(renamed.get(row.from) ?? `\u0000${row.from}`);
    key.references.push(
      row.table.toLowerCase() === old.tableName.toLowerCase() ? (renamed.get(row.to) ?? row.to) : row.to,
    );
    keys.set(row.id, key);
  }
  return [...keys.values()].filter((key) => key.columns.every((column) => !column.startsWith('\u0000')));
};

const autoIncrementSeq = async (db: Knex, table: string): Promise<number | undefined> => {
  const exists = await db('sqlite_master').where({ type: 'table', name: 'sqlite_sequence' }).first();
  if (!exists) return undefined;
  const row = await db('sqlite_sequence').where('name', table).first();
  return row ? Number(row.seq) : undefined;
};

/**
 * Rebuilds a SQLite table as `next` describes it (SQLite's documented procedure): create the new
 * table under a temporary name with the foreign keys the old one had, copy every row converting
 * the values, drop the old table, rename, restore the AUTOINCREMENT counter and create the
 * indexes. It runs inside the caller's transaction with `foreign_keys` off, so dropping the old
 * table deletes no rows of tables that reference it; Knex checks `PRAGMA foreign_key_check`
 * before the commit. `fills` are the values NOT NULL columns get where they would be NULL.
 */
export const rebuildSqliteTable = async (
  db: Knex,
  old: TableDef,
  next: TableDef,
  fills: ReadonlyMap<string, DefaultLiteral>,
): Promise<void> => {
  const temporary = derivedName('tmp', next.tableName);
  const foreignKeys = await foreignKeysOf(db, old, next);
  const counter = await autoIncrementSeq(db, next.tableName);
  await createPhysicalTable(db, 'sqlite', next, { name: temporary, foreignKeys });

  const oldById = new Map(old.columns.map((column) => [column.id, column]));
  const select = next.columns.map((column: ColumnDef) => {
    const source = column.id === undefined ? undefined : oldById.get(column.id);
    const fill = fills.get(column.name) ?? (column.nullable ? undefined : defaultOf(column));
    if (!source || !convertibleInPlace(source.dataType, column.dataType)) {
      const value = fill ?? defaultOf(column);
      return db.raw('?', [value === undefined ? null : storedDefault('sqlite', value)]);
    }
    const expression = copyExpression(familyOf(source.dataType), familyOf(column.dataType));
    return fill === undefined
      ? db.raw(expression, [source.name])
      : db.raw(`COALESCE(${expression}, ?)`, [source.name, storedDefault('sqlite', fill)]);
  });
  await db(temporary).insert(db(next.tableName).select(select));
  await db.schema.dropTable(next.tableName);
  await db.schema.renameTable(temporary, next.tableName);
  if (counter !== undefined && next.columns.some((column) => column.autoIncrement)) {
    await db('sqlite_sequence').where('name', next.tableName).delete();
    await db('sqlite_sequence').insert({ name: next.tableName, seq: counter });
  }
  for (const index of physicalIndexes(next)) {
    await db.schema.alterTable(next.tableName, (t) => {
      if (index.unique) t.unique(index.columns, { indexName: index.name, useConstraint: false });
      else t.index(index.columns, index.name);
    });
  }
};

/**
 * SQLite steps for a plan: native ALTER TABLE where SQLite has it (rename table or column, add a
 * column, indexes, the search index), else one rebuild. A rename of the table runs natively first
 * so that foreign keys of other tables follow it.
 */
export const sqliteSteps = (
  fullText: FullText,
  ops: readonly SchemaOp[],
  old?: TableDef,
  next?: TableDef,
): DdlStep[] => {
  const context = { dialect: 'sqlite' as const, fullText };
  if (!old || !next || !needsRebuild(ops)) {
    return ops
      .filter((op) => op.kind !== 'renameCheck' && op.kind !== 'setEngine')
      .map((op) => ({ label: op.kind, apply: (db: Knex) => applyOp({ ...context, db }, op) }));
  }
  for (const op of ops) assertSafeOp(op);
  const steps: DdlStep[] = [];
  const before = fullTextTarget(old);
  const after = fullTextTarget(next);
  if (before) steps.push({ label: 'dropFullText', apply: (db) => fullText.dropIndex(db, before) });
  if (old.tableName !== next.tableName) {
    steps.push({
      label: 'renameTable',
      apply: (db) => db.schema.renameTable(old.tableName, next.tableName).then(() => undefined),
    });
  }
  const fills = new Map(
    ops.flatMap((op) => (op.kind === 'fillNulls' ? [[op.column.name, op.value] as const] : [])),
  );
  steps.push({ label: 'rebuildTable', apply: (db) => rebuildSqliteTable(db, old, next, fills) });
  if (after) steps.push({ label: 'createFullText', apply: (db) => fullText.createIndex(db, after) });
  return steps;
};
