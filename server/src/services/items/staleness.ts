import { coerceValue } from '../../query/coerce-value';
import { kindOf } from '../../query/data-type-kind';
import type { QueryColumn } from '../../query/query-types';

/**
 * Optimistic locking (docs/api.md §3): whether the `lastModifiedDate` a PATCH body carries is older
 * than the stored one ('stale'), is not a value of the column's type ('invalid'), or is fine.
 * A body without it, or a record never stamped, is fine.
 */
export const staleness = (
  column: QueryColumn,
  sent: unknown,
  stored: unknown,
): 'ok' | 'stale' | 'invalid' => {
  if (sent === undefined || sent === null || sent === '') return 'ok';
  const coerced = coerceValue(column, sent);
  if (!coerced.ok) return 'invalid';
  if (stored === null || stored === undefined) return 'ok';
  const kind = kindOf(column.dataType);
  if (kind === 'integer' || kind === 'float' || kind === 'decimal') {
    return Number(coerced.value) < Number(stored) ? 'stale' : 'ok';
  }
  return String(coerced.value) < String(stored) ? 'stale' : 'ok';
};
