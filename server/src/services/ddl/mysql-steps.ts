import type { Knex } from 'knex';
import { derivedName } from '../../dialects/derived-name';
import { errnoOf } from '../../dialects/sql/mysql-errno';
import { mysqlShape } from '../../dialects/sql/mysql-shape';
import { applyOp, type OpContext } from './apply-op';
import type { DdlStep } from './ddl-step';
import { inverseOp } from './inverse-op';
import type { SchemaOp } from '../../model/schema-op';

const label = (op: SchemaOp): string => op.kind;

/** Maps a table name at any point of the plan `ops` to its name at the end of it. */
export const finalTableOf =
  (ops: readonly SchemaOp[]) =>
  (table: string): string => {
    let name = table;
    for (const op of ops) if (op.kind === 'renameTable' && op.from === name) name = op.to;
    return name;
  };

/** ER_CANT_DROP_FIELD_OR_KEY, ER_DUP_KEYNAME: the search index is already gone, or already there. */
const ALREADY_SO = new Set([1091, 1061]);

/**
 * Whether the operation `op` has taken effect on the physical table, as far as telling matters
 * for taking it back: the new name is there and the old one is not, the added object exists.
 * Undefined for operations whose inverse may run either way (an ALTER back to the old definition
 * changes nothing when the column still has it).
 */
const applied = async (db: Knex, op: SchemaOp): Promise<boolean | undefined> => {
  switch (op.kind) {
    case 'createTable':
      return mysqlShape.hasTable(db, op.table.tableName);
    case 'renameTable':
      return (await mysqlShape.hasTable(db, op.to)) && !(await mysqlShape.hasTable(db, op.from));
    case 'addColumn':
      return mysqlShape.hasColumn(db, op.table, op.column.name);
    case 'renameColumn':
      return (
        (await mysqlShape.hasColumn(db, op.table, op.to)) &&
        !(await mysqlShape.hasColumn(db, op.table, op.from))
      );
    case 'createIndex':
      return mysqlShape.hasIndex(db, op.table, op.index.name);
    case 'dropIndex':
      return !(await mysqlShape.hasIndex(db, op.table, op.index.name));
    case 'renameIndex':
      return (
        (await mysqlShape.hasIndex(db, op.table, op.to)) &&
        !(await mysqlShape.hasIndex(db, op.table, op.from))
      );
    default:
      return undefined;
  }
};

/** Runs `op` and takes a refusal that says it is already so (a search index) as done. */
const applyIdempotent = async (context: OpContext, op: SchemaOp) => {
  try {
    await applyOp(context, op);
  } catch (error) {
    const tolerated =
      (op.kind === 'createFullText' || op.kind === 'dropFullText') && ALREADY_SO.has(errnoOf(error) ?? 0);
    if (!tolerated) throw error;
  }
};

/**
 * MySQL steps for a plan. DDL commits at once there, so every step has its compensation, and
 * what cannot be taken back is staged: a dropped column or table is first renamed to a `cb_del_`
 * name (undo renames it back) and only dropped by `finalize`, after the metadata is committed.
 * `finalTable` maps a table name at any point of the plan to its name at the end.
 *
 * `undo` and `finalize` look at the physical table first and do only what is still to do, so
 * they may run for a step that never completed, or twice: after a server died mid-change, the
 * journal says which step was under way but not whether its statement took effect.
 */
export const mysqlSteps = (
  context: Omit<OpContext, 'db'>,
  ops: readonly SchemaOp[],
  finalTable: (table: string) => string,
): DdlStep[] =>
  ops.map((op): DdlStep => {
    if (op.kind === 'dropColumn') {
      const tomb = derivedName('del', op.table, op.column.name);
      const staged = { kind: 'renameColumn', table: op.table, from: op.column.name, to: tomb } as const;
      return {
        label: label(op),
        apply: (db) => applyOp({ ...context, db }, staged),
        undo: async (db) => {
          if (await applied(db, staged))
            await applyOp({ ...context, db }, { ...staged, from: tomb, to: op.column.name });
        },
        finalize: async (db) => {
          const table = finalTable(op.table);
          if (await mysqlShape.hasColumn(db, table, tomb))
            await applyOp(
              { ...context, db },
              { kind: 'dropColumn', table, column: { ...op.column, name: tomb } },
            );
        },
      };
    }
    if (op.kind === 'dropTable') {
      const tomb = derivedName('del', op.table);
      const staged = { kind: 'renameTable', from: op.table, to: tomb } as const;
      return {
        label: label(op),
        apply: (db) => applyOp({ ...context, db }, staged),
        undo: async (db) => {
          if (await applied(db, staged))
            await applyOp({ ...context, db }, { kind: 'renameTable', from: tomb, to: op.table });
        },
        finalize: async (db) => {
          if (await mysqlShape.hasTable(db, tomb))
            await applyOp({ ...context, db }, { kind: 'dropTable', table: tomb });
        },
      };
    }
    const inverse = inverseOp(op);
    return {
      label: label(op),
      apply: (db) => applyOp({ ...context, db }, op),
      ...(inverse
        ? {
            undo: async (db: Knex) => {
              if ((await applied(db, op)) !== false) await applyIdempotent({ ...context, db }, inverse);
            },
          }
        : {}),
    };
  });
