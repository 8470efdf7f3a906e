import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { physicalType, type Dialect } from '../../dialects/column-type';
import { derivedName } from '../../dialects/derived-name';
import { parseDefaultValue, zeroValue, type DefaultLiteral } from '../../dialects/default-value';
import { isIntegerType } from '../../dialects/integer-range';
import type { ColumnDef, TableDef } from '../../model/table-def';
import { conversionChecks, convertibleInPlace, typeLabel } from './column-conversion';
import { columnKey, fullTextTarget, physicalIndexes, unsignedChecks } from './physical-objects';
import type { FullTextTarget, LossCheck, PhysicalIndex, SchemaOp, SchemaPlan } from '../../model/schema-op';

/** The MySQL storage engine a table's `engine` field asks for (InnoDB unless MyISAM). */
export const engineOf = (engine: string | null): 'InnoDB' | 'MyISAM' =>
  engine?.toLowerCase() === 'myisam' ? 'MyISAM' : 'InnoDB';

/** The default value as the schema builder gets it, or undefined for none. */
export const defaultOf = (column: ColumnDef): DefaultLiteral | undefined => {
  if (column.defaultValue === null) return undefined;
  const parsed = parseDefaultValue(column, column.defaultValue);
  return parsed.ok ? parsed.value : undefined;
};

const sameDefault = (a: ColumnDef, b: ColumnDef) => String(defaultOf(a)) === String(defaultOf(b));

const logicalTypeChanged = (a: ColumnDef, b: ColumnDef) =>
  a.dataType !== b.dataType ||
  a.length !== b.length ||
  a.precision !== b.precision ||
  a.scale !== b.scale ||
  a.unsigned !== b.unsigned;

const physicallyDifferent = (a: ColumnDef, b: ColumnDef, dialect: Dialect) =>
  physicalType(dialect, a) !== physicalType(dialect, b) ||
  (sqlDialect(dialect).unsignedInType && isIntegerType(b.dataType) && a.unsigned !== b.unsigned) ||
  !sameDefault(a, b) ||
  a.nullable !== b.nullable;

const sameIndex = (a: PhysicalIndex, b: PhysicalIndex) =>
  a.unique === b.unique && a.hash === b.hash && a.columnKeys.join() === b.columnKeys.join();

const fullTextSignature = (target: FullTextTarget | undefined, dialect: Dialect): string =>
  target
    ? JSON.stringify([
        target.tableName,
        columnKey(target.column),
        target.column.name,
        physicalType(dialect, target.column),
        target.key?.name ?? null,
        target.key ? physicalType(dialect, target.key) : null,
        // Only SQLite's index refers to the flag (its triggers mark the flagged rows).
        sqlDialect(dialect).fullTextUsesFlag ? (target.flag?.name ?? null) : null,
      ])
    : '';

/** Operations that create a table with its indexes and search index (DDL of a POST). */
export const planTableCreate = (table: TableDef): SchemaOp[] => {
  const target = fullTextTarget(table);
  return [
    { kind: 'createTable', table },
    ...physicalIndexes(table).map((index): SchemaOp => ({
      kind: 'createIndex',
      table: table.tableName,
      index,
    })),
    ...(target ? [{ kind: 'createFullText', target } as SchemaOp] : []),
  ];
};

/** Operations that drop a table and its search index. */
export const planTableDrop = (table: TableDef): SchemaOp[] => {
  const target = fullTextTarget(table);
  return [
    ...(target ? [{ kind: 'dropFullText', target } as SchemaOp] : []),
    { kind: 'dropTable', table: table.tableName },
  ];
};

interface Pair {
  from: ColumnDef;
  to: ColumnDef;
}

/**
 * The schema change from one table definition to the next (columns matched by id), as ordered
 * operations plus the data-loss checks to run first (on the old names). Pure.
 *
 * Order: search index and indexes that go away are dropped, dropped columns go, the table is
 * renamed (with its derived index and check names), columns are renamed, altered (NULLs filled
 * before NOT NULL), added, and finally checks, indexes and the search index are created.
 */
export const planTableChange = (old: TableDef, next: TableDef, dialect: Dialect): SchemaPlan => {
  const ops: SchemaOp[] = [];
  const checks: LossCheck[] = [];
  const oldTable = old.tableName;
  const newTable = next.tableName;
  const lossOn = (column: ColumnDef, check: Omit<LossCheck, 'table' | 'column' | 'label'>) =>
    checks.push({ table: oldTable, column: column.name, label: column.name, ...check });

  const oldById = new Map(old.columns.map((column) => [column.id, column]));
  const pairs: Pair[] = [];
  const replaced: Pair[] = [];
  const added: ColumnDef[] = [];
  for (const to of next.columns) {
    const from = to.id === undefined ? undefined : oldById.get(to.id);
    if (!from) added.push(to);
    else if (convertibleInPlace(from.dataType, to.dataType)) pairs.push({ from, to });
    else replaced.push({ from, to });
  }
  const nextIds = new Set(next.columns.map((column) => column.id));
  const dropped = old.columns.filter((column) => !nextIds.has(column.id));
  const replacedKeys = new Set(replaced.map(({ to }) => columnKey(to)));

  // Search index, indexes and checks that change or go away.
  const oldFullText = fullTextTarget(old);
  const newFullText = fullTextTarget(next);
  const fullTextChanged =
    fullTextSignature(oldFullText, dialect) !== fullTextSignature(newFullText, dialect) ||
    (newFullText !== undefined && replacedKeys.has(columnKey(newFullText.column)));
  if (oldFullText && fullTextChanged) ops.push({ kind: 'dropFullText', target: oldFullText });

  const newIndexes = physicalIndexes(next);
  const toCreate: PhysicalIndex[] = [];
  const renamedIndexes: SchemaOp[] = [];
  const oldIndexes = physicalIndexes(old);
  for (const before of oldIndexes) {
    const after = newIndexes.find((candidate) => candidate.key === before.key);
    const rebuilt =
      !after || !sameIndex(before, after) || before.columnKeys.some((key) => replacedKeys.has(key));
    if (rebuilt) {
      ops.push({ kind: 'dropIndex', table: oldTable, index: before });
      if (after) toCreate.push(after);
    } else if (after && before.name !== after.name) {
      renamedIndexes.push({
        kind: 'renameIndex',
        table: newTable,
        from: before.name,
        to: after.name,
        index: after,
      });
    }
  }
  toCreate.push(...newIndexes.filter((index) => !oldIndexes.some((before) => before.key === index.key)));

  const newChecks = unsignedChecks(next, dialect);
  const oldChecks = unsignedChecks(old, dialect);
  const renamedChecks: SchemaOp[] = [];
  for (const before of oldChecks) {
    const after = newChecks.find((candidate) => candidate.key === before.key);
    if (!after || replacedKeys.has(before.key))
      ops.push({ kind: 'dropCheck', table: oldTable, check: before });
    else if (after.name !== before.name) {
      renamedChecks.push({ kind: 'renameCheck', table: newTable, from: before.name, to: after.name });
    }
  }
  const checksToAdd = newChecks.filter(
    (check) => replacedKeys.has(check.key) || !oldChecks.some((before) => before.key === check.key),
  );

  // Columns that go, then the table's own renames.
  for (const column of dropped) {
    ops.push({ kind: 'dropColumn', table: oldTable, column });
    lossOn(column, { condition: { kind: 'values', reason: 'drop', type: column.dataType } });
  }
  for (const { from, to } of replaced) {
    ops.push({ kind: 'dropColumn', table: oldTable, column: from });
    lossOn(from, { condition: { kind: 'values', reason: 'retype', type: typeLabel(to) } });
  }
  if (oldTable !== newTable) ops.push({ kind: 'renameTable', from: oldTable, to: newTable });
  ops.push(...renamedIndexes, ...renamedChecks);
  if (sqlDialect(dialect).hasEngines && engineOf(old.engine) !== engineOf(next.engine)) {
    ops.push({ kind: 'setEngine', table: newTable, from: engineOf(old.engine), to: engineOf(next.engine) });
  }

  // Renames go through temporary names when a target is still taken (swaps, case changes).
  const renames = pairs.filter(({ from, to }) => from.name !== to.name);
  const remaining = new Set(pairs.map(({ from }) => from.name.toLowerCase()));
  const viaTemporary = renames.some(({ to }) => remaining.has(to.name.toLowerCase()));
  renames.forEach(({ from, to }, i) => {
    const via = viaTemporary ? derivedName('tmp', newTable, String(i)) : to.name;
    ops.push({ kind: 'renameColumn', table: newTable, from: from.name, to: via });
  });
  if (viaTemporary) {
    renames.forEach(({ to }, i) => {
      ops.push({
        kind: 'renameColumn',
        table: newTable,
        from: derivedName('tmp', newTable, String(i)),
        to: to.name,
      });
    });
  }

  // Alterations: type, default, nullability; NULLs are filled before NOT NULL.
  for (const { from, to } of pairs) {
    if (logicalTypeChanged(from, to)) {
      for (const check of conversionChecks(from, to, dialect)) {
        lossOn(from, { condition: check.condition, ...(check.repair ? { repair: check.repair } : {}) });
      }
    }
    const becomesNotNull = from.nullable && !to.nullable;
    const target = becomesNotNull ? { ...to, nullable: true } : to;
    const current = { ...from, name: to.name };
    if (physicallyDifferent(current, target, dialect)) {
      ops.push({ kind: 'alterColumn', table: newTable, from: current, to: target });
    }
    if (becomesNotNull) {
      const fill = defaultOf(to);
      if (fill === undefined) lossOn(from, { condition: { kind: 'nulls' } });
      ops.push({ kind: 'fillNulls', table: newTable, column: to, value: fill ?? zeroValue(to) });
      ops.push({ kind: 'setNotNull', table: newTable, column: to });
    }
  }

  for (const column of [...replaced.map(({ to }) => to), ...added]) {
    if (column.nullable || defaultOf(column) !== undefined) {
      ops.push({ kind: 'addColumn', table: newTable, column });
      continue;
    }
    ops.push({ kind: 'addColumn', table: newTable, column: { ...column, nullable: true } });
    checks.push({ table: oldTable, label: column.name, condition: { kind: 'rows' } });
    ops.push({ kind: 'fillNulls', table: newTable, column, value: zeroValue(column) });
    ops.push({ kind: 'setNotNull', table: newTable, column });
  }

  for (const check of checksToAdd) ops.push({ kind: 'addCheck', table: newTable, check });
  for (const index of toCreate) {
    ops.push({ kind: 'createIndex', table: newTable, index });
    const before = oldIndexes.find((candidate) => candidate.key === index.key);
    const oldColumns = index.columnKeys.map((key) =>
      key.startsWith('id:') && !replacedKeys.has(key)
        ? old.columns.find((c) => columnKey(c) === key)
        : undefined,
    );
    const wasUnique = before?.unique && before.columnKeys.join() === index.columnKeys.join();
    if (index.unique && !wasUnique && oldColumns.every((column) => column !== undefined)) {
      const names = oldColumns.map((column) => (column as ColumnDef).name);
      checks.push({
        table: oldTable,
        column: names[0] as string,
        label: index.columns.join(', '),
        condition: { kind: 'duplicates', columns: names },
      });
    }
  }
  if (newFullText && (fullTextChanged || !oldFullText))
    ops.push({ kind: 'createFullText', target: newFullText });
  return { ops, checks };
};
