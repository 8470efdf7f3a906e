import { derivedName } from '../../dialects/derived-name';
import { applyOp, type OpContext } from './apply-op';
import type { DdlStep } from './ddl-step';
import { inverseOp } from './inverse-op';
import type { SchemaOp } from '../../model/schema-op';

const label = (op: SchemaOp): string => op.kind;

/**
 * MySQL steps for a plan. DDL commits at once there, so every step has its compensation, and
 * what cannot be taken back is staged: a dropped column or table is first renamed to a `cb_del_`
 * name (undo renames it back) and only dropped by `finalize`, after the metadata is committed.
 * `finalTable` maps a table name at any point of the plan to its name at the end.
 */
export const mysqlSteps = (
  context: Omit<OpContext, 'db'>,
  ops: readonly SchemaOp[],
  finalTable: (table: string) => string,
): DdlStep[] =>
  ops.map((op): DdlStep => {
    if (op.kind === 'dropColumn') {
      const tomb = derivedName('del', op.table, op.column.name);
      return {
        label: label(op),
        apply: (db) =>
          applyOp(
            { ...context, db },
            { kind: 'renameColumn', table: op.table, from: op.column.name, to: tomb },
          ),
        undo: (db) =>
          applyOp(
            { ...context, db },
            { kind: 'renameColumn', table: op.table, from: tomb, to: op.column.name },
          ),
        finalize: (db) =>
          applyOp(
            { ...context, db },
            { kind: 'dropColumn', table: finalTable(op.table), column: { ...op.column, name: tomb } },
          ),
      };
    }
    if (op.kind === 'dropTable') {
      const tomb = derivedName('del', op.table);
      return {
        label: label(op),
        apply: (db) => applyOp({ ...context, db }, { kind: 'renameTable', from: op.table, to: tomb }),
        undo: (db) => applyOp({ ...context, db }, { kind: 'renameTable', from: tomb, to: op.table }),
        finalize: (db) => applyOp({ ...context, db }, { kind: 'dropTable', table: tomb }),
      };
    }
    const inverse = inverseOp(op);
    return {
      label: label(op),
      apply: (db) => applyOp({ ...context, db }, op),
      ...(inverse ? { undo: (db) => applyOp({ ...context, db }, inverse) } : {}),
    };
  });
