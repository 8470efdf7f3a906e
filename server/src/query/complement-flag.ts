import type { Condition, QueryTable } from './query-types';

/**
 * The column of a condition that is exactly `flag = false` on an indexed BOOL column (as the list
 * screen's `isDeleted=false`), else null. Such a count is answered as all rows minus the `true`
 * and the NULL ones: two index lookups of the few flagged rows instead of a scan of the many
 * unflagged ones.
 */
export const complementFlag = (where: Condition | null, table: QueryTable): string | null => {
  let condition = where;
  while (
    condition?.kind === 'group' &&
    condition.conditionType === 'AND' &&
    condition.conditions.length === 1
  ) {
    condition = condition.conditions[0] ?? null;
  }
  if (condition?.kind !== 'leaf' || condition.operator !== 'EQ') return null;
  if (condition.values.length !== 1 || condition.values[0] !== false) return null;
  const column = table.columns.find((candidate) => candidate.name === condition.column);
  if (!column || column.dataType !== 'BOOL' || column.indexType === null) return null;
  return column.name;
};
