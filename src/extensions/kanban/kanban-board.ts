import {
  choiceValuesOf,
  isChoiceColumn,
  isSystemColumnName,
  type ChoiceOption,
  type Column,
} from '../../../contract';

/** Data types whose values make good lanes: short texts and flags. */
const GROUPABLE_TYPES: ReadonlySet<string> = new Set(['CHAR', 'VARCHAR', 'BOOL']);

/**
 * The columns a board can group by: choice columns (any text type) and short text or flag columns,
 * that are not keys nor server-filled.
 */
export const groupableColumns = (columns: readonly Column[], keyNames: readonly string[] = []): Column[] =>
  columns.filter(
    (column) =>
      (GROUPABLE_TYPES.has(column.dataType) || isChoiceColumn(column)) &&
      !keyNames.includes(column.name) &&
      !isSystemColumnName(column.name),
  );

export interface Lane<R> {
  /** The value of the group column (`''` for none). */
  value: string;
  /** A choice column's lane: the option it stands for (absent for a value that is not one). */
  option?: ChoiceOption;
  records: R[];
}

const laneValue = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value);
};

/**
 * A choice column's records in lanes: one per option, in option order (empty ones too), then a
 * lane per stored value that is no longer an option, the empty lane last. A record of a multiple
 * choice column is in the lane of each value it chose.
 */
const toChoiceLanes = <R extends Record<string, unknown>>(
  records: readonly R[],
  column: Column,
): Lane<R>[] => {
  const lanes = new Map<string, Lane<R>>(
    (column.options ?? []).map((option) => [option.value, { value: option.value, option, records: [] }]),
  );
  const none: Lane<R> = { value: '', records: [] };
  for (const record of records) {
    const values = choiceValuesOf(record[column.name], Boolean(column.multipleValue));
    if (values.length === 0) none.records.push(record);
    for (const value of values) {
      const lane = lanes.get(value) ?? { value, records: [] };
      lane.records.push(record);
      lanes.set(value, lane);
    }
  }
  return [...lanes.values(), ...(none.records.length > 0 ? [none] : [])];
};

/**
 * The records in lanes by the group column's value: a choice column's by its options
 * (toChoiceLanes), others in order of first appearance, the empty lane last.
 */
export const toLanes = <R extends Record<string, unknown>>(
  records: readonly R[],
  column: string | Column,
): Lane<R>[] => {
  if (typeof column !== 'string') {
    if (isChoiceColumn(column)) return toChoiceLanes(records, column);
    return toLanes(records, column.name);
  }
  const lanes = new Map<string, R[]>();
  for (const record of records) {
    const value = laneValue(record[column]);
    const lane = lanes.get(value) ?? [];
    lane.push(record);
    lanes.set(value, lane);
  }
  return [...lanes.entries()]
    .map(([value, items]) => ({ value, records: items }))
    .sort((a, b) => Number(a.value === '') - Number(b.value === ''));
};

/**
 * The column to group by first: the first choice column (its lanes are its options), else the
 * one with the fewest distinct values (the most lane-like), ties by order.
 */
export const defaultGroup = (
  columns: readonly Column[],
  records: readonly Record<string, unknown>[],
): string | undefined => {
  const choice = columns.find(isChoiceColumn);
  if (choice) return choice.name;
  let best: { name: string; count: number } | undefined;
  for (const column of columns) {
    const count = new Set(records.map((record) => laneValue(record[column.name]))).size;
    if (!best || count < best.count) best = { name: column.name, count };
  }
  return best?.name;
};

/** The column whose value titles a card: the first short text column other than the group column and keys, else the key. */
export const titleColumn = (columns: readonly Column[], group: string, keyNames: readonly string[]): string =>
  columns.find(
    (column) =>
      ['CHAR', 'VARCHAR'].includes(column.dataType) &&
      column.name !== group &&
      !keyNames.includes(column.name),
  )?.name ??
  keyNames[0] ??
  group;

/** The board's path for a table. */
export const kanbanPath = (dataSource: string, table: string): string =>
  `/dataSource/${encodeURIComponent(dataSource)}/ext/kanban/${encodeURIComponent(table)}`;

/** Tag colours of lanes (antd preset names). */
const LANE_COLORS = [
  'blue',
  'green',
  'orange',
  'purple',
  'cyan',
  'magenta',
  'gold',
  'geekblue',
  'volcano',
  'lime',
];

/** The colour of a lane value: the same value always gets the same colour; no value gets none. */
export const laneColor = (value: unknown): string | undefined => {
  const text = laneValue(value);
  if (text === '') return undefined;
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return LANE_COLORS[hash % LANE_COLORS.length];
};
