import type { SchemaOp } from '../../model/schema-op';

/**
 * The operation that takes a committed operation back (MySQL compensation). Undefined when there
 * is none: filling NULLs cannot be told apart afterwards, and drops are staged (see mysql-steps).
 */
export const inverseOp = (op: SchemaOp): SchemaOp | undefined => {
  switch (op.kind) {
    case 'createTable':
      return { kind: 'dropTable', table: op.table.tableName };
    case 'renameTable':
      return { kind: 'renameTable', from: op.to, to: op.from };
    case 'setEngine':
      return { kind: 'setEngine', table: op.table, from: op.to, to: op.from };
    case 'addColumn':
      return { kind: 'dropColumn', table: op.table, column: op.column };
    case 'renameColumn':
      return { kind: 'renameColumn', table: op.table, from: op.to, to: op.from };
    case 'alterColumn':
      return { kind: 'alterColumn', table: op.table, from: op.to, to: op.from };
    case 'setNotNull':
      return { kind: 'alterColumn', table: op.table, from: op.column, to: { ...op.column, nullable: true } };
    case 'createIndex':
      return { kind: 'dropIndex', table: op.table, index: op.index };
    case 'dropIndex':
      return { kind: 'createIndex', table: op.table, index: op.index };
    case 'renameIndex':
      return {
        kind: 'renameIndex',
        table: op.table,
        from: op.to,
        to: op.from,
        index: { ...op.index, name: op.from },
      };
    case 'addCheck':
      return { kind: 'dropCheck', table: op.table, check: op.check };
    case 'dropCheck':
      return { kind: 'addCheck', table: op.table, check: op.check };
    case 'renameCheck':
      return { kind: 'renameCheck', table: op.table, from: op.to, to: op.from };
    case 'createFullText':
      return { kind: 'dropFullText', target: op.target };
    case 'dropFullText':
      return { kind: 'createFullText', target: op.target };
    default:
      return undefined;
  }
};
