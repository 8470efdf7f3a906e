import type { Knex } from 'knex';
import { declareColumn, storedDefault } from '../../dialects/add-column';
import type { Dialect } from '../../dialects/column-type';
import { createPhysicalTable } from './create-physical-table';
import type { FullText } from '../../dialects/full-text/full-text';
import { MAX_IDENTIFIER_LENGTH } from '../../dialects/derived-name';
import { OWNER_COLUMN } from '../../dialects/row-count/owner-column';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { isQuotableIdentifier } from '../tables/name-problem';
import type { PhysicalIndex, SchemaOp } from '../../model/schema-op';

export interface OpContext {
  db: Knex;
  dialect: Dialect;
  fullText: FullText;
}

const namesOf = (op: SchemaOp): string[] => {
  switch (op.kind) {
    case 'createTable':
      return [op.table.tableName, ...op.table.columns.map((column) => column.name)];
    case 'dropTable':
      return [op.table];
    case 'renameTable':
      return [op.from, op.to];
    case 'setEngine':
      return [op.table];
    case 'addColumn':
    case 'dropColumn':
    case 'fillNulls':
    case 'setNotNull':
      return [op.table, op.column.name];
    case 'alterColumn':
      return [op.table, op.from.name, op.to.name];
    case 'renameColumn':
    case 'renameCheck':
      return [op.table, op.from, op.to];
    case 'createIndex':
    case 'dropIndex':
      return [op.table, op.index.name, ...op.index.columns];
    case 'renameIndex':
      return [op.table, op.from, op.to, ...op.index.columns];
    case 'addCheck':
    case 'dropCheck':
      return [op.table, op.check.name, op.check.column];
    case 'createFullText':
    case 'dropFullText':
      return [
        op.target.tableName,
        op.target.column.name,
        ...(op.target.key ? [op.target.key.name] : []),
        ...(op.target.flag ? [op.target.flag.name] : []),
      ];
  }
};

/**
 * Refuses an operation naming anything a quoted identifier could be misread by (a dot, ` as `,
 * control characters, an over-long name). Names come from validated metadata (plain identifiers
 * for what crudboard creates; the names a reversed database already has), so this never fires
 * unless something upstream is broken; it keeps a stored or introspected name from ever reaching
 * a `??` binding unchecked.
 */
export const assertSafeOp = (op: SchemaOp): void => {
  for (const name of namesOf(op)) {
    if (!isQuotableIdentifier(name)) {
      throw new Error(
        `refusing a schema operation on the identifier ${JSON.stringify(name.slice(0, MAX_IDENTIFIER_LENGTH))}`,
      );
    }
  }
};

const createIndex = (db: Knex, dialect: Dialect, table: string, index: PhysicalIndex) =>
  db.schema.alterTable(table, (t) => {
    sqlDialect(dialect).declareIndex(t, index);
  });

const dropIndex = (db: Knex, table: string, name: string) =>
  db.schema.alterTable(table, (t) => {
    t.dropIndex([], name);
  });

/**
 * Runs one schema operation with the schema builder (raw SQL only where the builder has no form
 * for it, with `??` identifier bindings). SQLite changes that need a table rebuild never come here
 * (see sqlite-rebuild); on SQLite, checks live in CREATE TABLE and are not altered one by one.
 */
export const applyOp = async (context: OpContext, op: SchemaOp): Promise<void> => {
  assertSafeOp(op);
  const owned = ownerColumnTable(op);
  if (owned === null) return applyOne(context, op);
  await sqlDialect(context.dialect).changeOwnerColumn(context.db, owned, () => applyOne(context, op));
};

/** The table of an operation that adds, drops, renames or retypes an `ownerId` column, else null. */
const ownerColumnTable = (op: SchemaOp): string | null => {
  switch (op.kind) {
    case 'addColumn':
    case 'dropColumn':
      return op.column.name === OWNER_COLUMN ? op.table : null;
    case 'renameColumn':
      return op.from === OWNER_COLUMN || op.to === OWNER_COLUMN ? op.table : null;
    case 'alterColumn':
      return op.from.name === OWNER_COLUMN || op.to.name === OWNER_COLUMN ? op.table : null;
    default:
      return null;
  }
};

const applyOne = async ({ db, dialect, fullText }: OpContext, op: SchemaOp): Promise<void> => {
  const sql = sqlDialect(dialect);
  switch (op.kind) {
    case 'createTable':
      await createPhysicalTable(db, dialect, op.table);
      await sql.afterCreateTable(db, op.table.tableName);
      return;
    case 'dropTable':
      await db.schema.dropTable(op.table);
      return;
    case 'renameTable':
      await db.schema.renameTable(op.from, op.to);
      await sql.afterRenameTable(db, op.from, op.to);
      return;
    case 'setEngine':
      await sql.setEngine(db, op.table, op.to);
      return;
    case 'addColumn':
      await db.schema.alterTable(op.table, (t) => {
        declareColumn(t, op.column, dialect);
      });
      return;
    case 'dropColumn':
      await db.schema.alterTable(op.table, (t) => {
        t.dropColumn(op.column.name);
      });
      return;
    case 'renameColumn':
      await sql.renameColumn(db, op.table, op.from, op.to);
      return;
    case 'alterColumn':
      await db.schema.alterTable(op.table, (t) => {
        declareColumn(t, op.to, dialect).alter();
      });
      return;
    case 'fillNulls':
      await db(op.table)
        .whereNull(op.column.name)
        .update({ [op.column.name]: storedDefault(dialect, op.value) });
      return;
    case 'setNotNull':
      await sql.setNotNull(db, op.table, op.column.name, () =>
        db.schema.alterTable(op.table, (t) => {
          declareColumn(t, { ...op.column, nullable: false }, dialect).alter();
        }),
      );
      return;
    case 'createIndex':
      await createIndex(db, dialect, op.table, op.index);
      return;
    case 'dropIndex':
      await dropIndex(db, op.table, op.index.name);
      return;
    case 'renameIndex':
      await sql.renameIndex(db, op.table, op.from, op.to, async () => {
        await dropIndex(db, op.table, op.from);
        await createIndex(db, dialect, op.table, op.index);
      });
      return;
    case 'addCheck':
      if (sql.separateChecks) {
        await db.raw('ALTER TABLE ?? ADD CONSTRAINT ?? CHECK (?? >= 0)', [
          op.table,
          op.check.name,
          op.check.column,
        ]);
      }
      return;
    case 'dropCheck':
      if (sql.separateChecks)
        await db.raw('ALTER TABLE ?? DROP CONSTRAINT IF EXISTS ??', [op.table, op.check.name]);
      return;
    case 'renameCheck':
      if (sql.separateChecks)
        await db.raw('ALTER TABLE ?? RENAME CONSTRAINT ?? TO ??', [op.table, op.from, op.to]);
      return;
    case 'createFullText':
      await fullText.createIndex(db, op.target);
      return;
    case 'dropFullText':
      await fullText.dropIndex(db, op.target);
      return;
  }
};
