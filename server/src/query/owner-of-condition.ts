import type { Condition } from './query-types';

/**
 * The owner a condition selects when it is exactly `<column> = <integer>` (perhaps inside groups of
 * one member), as the row rule `ownerId = $user.id` compiles; else null. Such a count is the
 * owner's kept count (SqlDialect.keptOwnerCount) instead of a count of the owner's rows.
 */
export const ownerOfCondition = (condition: Condition | null, column: string): number | null => {
  let found = condition;
  while (found?.kind === 'group' && found.conditions.length === 1) found = found.conditions[0] ?? null;
  if (found?.kind !== 'leaf' || found.operator !== 'EQ' || found.column !== column) return null;
  if (found.values.length !== 1) return null;
  const [value] = found.values;
  const owner =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d{1,16}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(owner) ? owner : null;
};
