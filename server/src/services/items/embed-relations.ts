import { coerceValue } from '../../query/coerce-value';
import type { QueryColumn, ScalarValue } from '../../query/query-types';
import type { StoredTable } from '../metadata-rows';
import { may, type ItemContext } from './item-context';
import { isToOne, type ItemRelation, type ItemTable } from './item-table';
import { loadItemTable } from './load-item-table';
import { readRows } from './read-rows';
import { isReadable, toRecord } from './to-record';
import { toOutputValue } from './to-output-value';

type RecordRow = Record<string, unknown>;

/** A value as the other side of a relation sees it: coerced to `column`'s type, as text for a map key. */
const matchKey = (column: QueryColumn, value: unknown): { key: string; value: ScalarValue } | null => {
  if (value === null || value === undefined || value === '') return null;
  const coerced = coerceValue(column, value);
  return coerced.ok ? { key: String(coerced.value), value: coerced.value } : null;
};

/** The references a record holds in a relation's column: one value, or a comma list for multipleValue. */
const referencesOf = (relation: ItemRelation, record: RecordRow): unknown[] => {
  const value = record[relation.fromColumn.name];
  if (value === null || value === undefined || value === '') return [];
  if (!relation.fromColumn.multipleValue) return [value];
  return String(value)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
};

const readableNames = (table: StoredTable): string[] =>
  table.columns.filter(isReadable).map((column) => column.name);

/** The target's key, the relation's target column and the displayable columns (all readable ones when expanded). */
const parentColumns = (relation: ItemRelation, full: boolean): string[] => {
  const { toTable } = relation;
  if (full) return readableNames(toTable);
  const wanted = new Set([...toTable.primaryNames, relation.toColumn.name]);
  return toTable.columns
    .filter((column) => isReadable(column) && (wanted.has(column.name) || column.displayable))
    .map((column) => column.name);
};

const collect = (column: QueryColumn, values: unknown[]): Map<string, ScalarValue> => {
  const wanted = new Map<string, ScalarValue>();
  for (const value of values) {
    const match = matchKey(column, value);
    if (match) wanted.set(match.key, match.value);
  }
  return wanted;
};

/** ManyToOne / SubToMain: `{key + displayable columns}` of the parent (an array for multipleValue). */
const embedParents = async (
  context: ItemContext,
  relation: ItemRelation,
  records: RecordRow[],
  full: boolean,
): Promise<void> => {
  const { toTable, toColumn } = relation;
  const wanted = collect(
    toColumn,
    records.flatMap((record) => referencesOf(relation, record)),
  );
  const parents = new Map<string, RecordRow>();
  if (wanted.size > 0) {
    const rows: RecordRow[] = await readRows(
      context.db,
      context.dialect,
      toTable.tableName,
      parentColumns(relation, full),
    ).whereIn(`${toTable.tableName}.${toColumn.name}`, [...wanted.values()]);
    for (const row of rows) {
      const match = matchKey(toColumn, toOutputValue(toColumn, row[toColumn.name]));
      if (match) parents.set(match.key, toRecord(toTable.columns, row));
    }
  }
  for (const record of records) {
    const found = referencesOf(relation, record).flatMap((reference) => {
      const match = matchKey(toColumn, reference);
      const parent = match ? parents.get(match.key) : undefined;
      return parent ? [parent] : [];
    });
    record[relation.name] = relation.fromColumn.multipleValue ? found : (found[0] ?? null);
  }
};

/**
 * Child rows come shaped as their own table's list shapes its rows: with their ManyToOne /
 * SubToMain parents (key and displayable columns), except the one they are embedded under.
 */
const embedParentsOfChildren = async (
  context: ItemContext,
  relation: ItemRelation,
  children: RecordRow[],
): Promise<void> => {
  if (children.length === 0) return;
  const childItem = await loadItemTable(context.db, relation.toTable.name);
  const parents = childItem.relations.filter(
    (one) => isToOne(one) && one.fromColumn.name !== relation.toColumn.name,
  );
  if (parents.length > 0) await embedRelations(context, childItem, parents, children);
};

/** OneToMany: the child rows (key order); OneToOneMainToSub: the child row or null. */
const embedChildren = async (
  context: ItemContext,
  relation: ItemRelation,
  records: RecordRow[],
): Promise<void> => {
  const { toTable, toColumn } = relation;
  const wanted = collect(
    toColumn,
    records.map((record) => record[relation.fromColumn.name]),
  );
  const children = new Map<string, RecordRow[]>();
  const all: RecordRow[] = [];
  if (wanted.size > 0) {
    const query = readRows(context.db, context.dialect, toTable.tableName, readableNames(toTable)).whereIn(
      `${toTable.tableName}.${toColumn.name}`,
      [...wanted.values()],
    );
    for (const key of toTable.primaryNames) query.orderBy(`${toTable.tableName}.${key}`, 'asc');
    const rows: RecordRow[] = await query;
    for (const row of rows) {
      const match = matchKey(toColumn, toOutputValue(toColumn, row[toColumn.name]));
      if (!match) continue;
      const group = children.get(match.key) ?? [];
      const child = toRecord(toTable.columns, row);
      group.push(child);
      all.push(child);
      children.set(match.key, group);
    }
  }
  await embedParentsOfChildren(context, relation, all);
  for (const record of records) {
    const match = matchKey(toColumn, record[relation.fromColumn.name]);
    const group = (match ? children.get(match.key) : undefined) ?? [];
    record[relation.name] = relation.relationType === 'OneToMany' ? group : (group[0] ?? null);
  }
};

/**
 * The relations of a page embedded into its records (docs/api.md §3), with one query per relation
 * whatever the number of records. `full` names the relations whose parents come with every
 * readable column. Relations to tables the user may not read are left out, and so is a relation
 * whose name is also a column of the table.
 */
export const embedRelations = async (
  context: ItemContext,
  item: ItemTable,
  relations: readonly ItemRelation[],
  records: RecordRow[],
  full: ReadonlySet<string> = new Set(),
): Promise<void> => {
  const columnNames = new Set(item.table.columns.map((column) => column.name));
  for (const relation of relations) {
    if (columnNames.has(relation.name) || !may(context, relation.toTable, 'read')) continue;
    if (isToOne(relation)) await embedParents(context, relation, records, full.has(relation.name));
    else await embedChildren(context, relation, records);
  }
};
