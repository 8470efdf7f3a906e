import {
  EMBEDDED_CHILDREN_LIMIT,
  EMBEDDED_ROWS_BUDGET,
  TRUNCATED_KEY,
  titleColumnOf,
  type TruncatedChildren,
} from '../../../../contract/index';
import { coerceValue } from '../../query/coerce-value';
import type { QueryColumn, ScalarValue } from '../../query/query-types';
import type { StoredTable } from '../metadata-rows';
import { childrenPageUrl } from './children-page';
import { childrenShare } from './children-share';
import { may, type ItemContext } from './item-context';
import { isToOne, type ItemRelation, type ItemTable } from './item-table';
import { loadItemTable } from './load-item-table';
import { countChildren, readChildren, type ChildSource } from './read-children';
import { readRows } from './read-rows';
import { filterRows } from './row-filter';
import { ruleTableOf } from '../permissions/rule-table';
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

/**
 * The target's key, the relation's target column, its title column (what names the record wherever
 * it is referred to) and the displayable columns (all readable ones when expanded).
 */
const parentColumns = (relation: ItemRelation, full: boolean): string[] => {
  const { toTable } = relation;
  if (full) return readableNames(toTable);
  const title = titleColumnOf(toTable);
  const wanted = new Set([...toTable.primaryNames, relation.toColumn.name, ...(title ? [title] : [])]);
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
    // A parent the user's read rule leaves out is left out (null, or missing from a multiple value).
    const rows: RecordRow[] = await filterRows(
      readRows(context.db, context.dialect, toTable.tableName, parentColumns(relation, full)),
      context,
      toTable,
      'read',
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
  for (const parent of childItem.relations)
    context.rows?.tables.set(parent.toTable.id, ruleTableOf(parent.toTable));
  const parents = childItem.relations.filter(
    (one) => isToOne(one) && one.fromColumn.name !== relation.toColumn.name,
  );
  if (parents.length > 0) await embedRelations(context, childItem, parents, children);
};

/** The parents a list of records points to by a child relation, and how many children each has. */
interface ChildCounts {
  wanted: Map<string, ScalarValue>;
  counts: Map<string, number>;
}

const childSource = (context: ItemContext, relation: ItemRelation): ChildSource => {
  const { toTable, toColumn } = relation;
  const columns = readableNames(toTable);
  return {
    db: context.db,
    dialect: context.dialect,
    tableName: toTable.tableName,
    foreignKey: toColumn.name,
    keys: toTable.primaryNames,
    columns: columns.includes(toColumn.name) ? columns : [...columns, toColumn.name],
    // Children the user's read rule leaves out are neither counted nor read.
    restrict: (builder) => filterRows(builder, context, toTable, 'read'),
  };
};

const parentsOf = (relation: ItemRelation, records: RecordRow[]): Map<string, ScalarValue> =>
  collect(
    relation.toColumn,
    records.map((record) => record[relation.fromColumn.name]),
  );

const countsOf = async (
  context: ItemContext,
  relation: ItemRelation,
  records: RecordRow[],
): Promise<ChildCounts> => {
  const wanted = parentsOf(relation, records);
  const counts = new Map<string, number>();
  if (wanted.size === 0) return { wanted, counts };
  for (const { parent, count } of await countChildren(childSource(context, relation), [...wanted.values()])) {
    const match = matchKey(relation.toColumn, toOutputValue(relation.toColumn, parent));
    if (match) counts.set(match.key, count);
  }
  return { wanted, counts };
};

/** How much of the children a relation embeds: `share` per parent, and the counts it was chosen by. */
interface ChildrenPlan {
  share: number;
  counts?: ChildCounts;
}

/** Notes on `record` that its list `relation` holds the first `embedded` of `total` children. */
const noteTruncated = (
  context: ItemContext,
  relation: ItemRelation,
  record: RecordRow,
  parent: ScalarValue,
  embedded: number,
  total: number,
): void => {
  const notes = (record[TRUNCATED_KEY] ?? {}) as Record<string, TruncatedChildren>;
  notes[relation.name] = {
    embedded,
    total,
    next: childrenPageUrl({
      table: relation.toTable.name,
      foreignKey: relation.toColumn.name,
      keys: relation.toTable.primaryNames,
      parent,
      offset: embedded,
      dataSource: context.dataSource,
    }),
  };
  record[TRUNCATED_KEY] = notes;
};

/**
 * OneToMany: the first `share` child rows of each record (key order), noted when there are more;
 * OneToOneMainToSub: the child row or null.
 */
const embedChildren = async (
  context: ItemContext,
  relation: ItemRelation,
  records: RecordRow[],
  plan: ChildrenPlan,
): Promise<void> => {
  const { toTable, toColumn } = relation;
  const many = relation.relationType === 'OneToMany';
  const wanted = plan.counts?.wanted ?? parentsOf(relation, records);
  const counts = plan.counts?.counts;
  // Parents known to have no children are not asked for.
  const parents = [...wanted].filter(([key]) => !counts || (counts.get(key) ?? 0) > 0);
  const total = counts
    ? parents.reduce((sum, [key]) => sum + Math.min(counts.get(key) ?? 0, plan.share), 0)
    : parents.length * plan.share;
  const children = new Map<string, RecordRow[]>();
  const all: RecordRow[] = [];
  if (parents.length > 0 && total > 0) {
    const rows: RecordRow[] = await readChildren(
      childSource(context, relation),
      parents.map(([, value]) => value),
      plan.share,
      total,
    );
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
    if (!many) {
      record[relation.name] = group[0] ?? null;
      continue;
    }
    record[relation.name] = group;
    const count = match ? (counts?.get(match.key) ?? 0) : 0;
    if (match && count > group.length)
      noteTruncated(context, relation, record, match.value, group.length, count);
  }
};

/**
 * The relations of a page embedded into its records (docs/api.md §3), with one query per relation
 * whatever the number of records (plus one count per OneToMany relation). `full` names the
 * relations whose parents come with every readable column. Relations to tables the user may not
 * read are left out, and so is a relation whose name is also a column of the table. A child list
 * holds at most EMBEDDED_CHILDREN_LIMIT rows, fewer when the answer's lists together would exceed
 * EMBEDDED_ROWS_BUDGET; a record whose list is cut says so under TRUNCATED_KEY.
 */
export const embedRelations = async (
  context: ItemContext,
  item: ItemTable,
  relations: readonly ItemRelation[],
  records: RecordRow[],
  full: ReadonlySet<string> = new Set(),
): Promise<void> => {
  const columnNames = new Set(item.table.columns.map((column) => column.name));
  const embedded = relations.filter(
    (relation) => !columnNames.has(relation.name) && may(context, relation.toTable, 'read'),
  );
  // Child lists are counted first: the answer's budget of child rows is shared among all of them.
  const counts = new Map<number, ChildCounts>();
  for (const relation of embedded) {
    if (relation.relationType === 'OneToMany')
      counts.set(relation.id, await countsOf(context, relation, records));
  }
  const share = childrenShare(
    [...counts.values()].flatMap((one) => [...one.counts.values()]),
    EMBEDDED_CHILDREN_LIMIT,
    EMBEDDED_ROWS_BUDGET,
  );
  for (const relation of embedded) {
    if (isToOne(relation)) await embedParents(context, relation, records, full.has(relation.name));
    else {
      const relationCounts = counts.get(relation.id);
      await embedChildren(
        context,
        relation,
        records,
        relationCounts ? { share, counts: relationCounts } : { share: 1 },
      );
    }
  }
};
