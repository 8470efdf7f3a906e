import { coerceValue } from '../../query/coerce-value';
import { kindOf } from '../../query/data-type-kind';
import type { QueryColumn } from '../../query/query-types';
import { LOCK_COLUMN } from '../../../../contract/system-columns';
import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import type { ItemTable } from './item-table';

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

/**
 * 409 when `body`'s lastModifiedDate is older than the stored record's (`current`): someone saved
 * in between (its `errors` name `lastModifiedDate`); 400 when it is not a value of the column's type. A table without the column, or a
 * body without it, is never stale.
 */
export const assertFresh = (
  item: ItemTable,
  body: Record<string, unknown>,
  current: Record<string, unknown>,
  path: string,
): void => {
  const column = item.table.columns.find((candidate) => candidate.name === LOCK_COLUMN);
  if (!column || !Object.hasOwn(body, LOCK_COLUMN)) return;
  const stored = current[LOCK_COLUMN];
  const verdict = staleness(column, body[LOCK_COLUMN], stored);
  if (verdict === 'invalid') {
    throw new ApiException('VALIDATION_ERROR', undefined, {
      [`${path}${LOCK_COLUMN}`]: itemsMessage('badDateTime'),
    });
  }
  if (verdict === 'stale') {
    // named under the column, so that a client tells it from a constraint's 409
    const message = itemsMessage('staleUpdate', { stored: String(stored) });
    throw new ApiException('CONFLICT', message, { [`${path}${LOCK_COLUMN}`]: message });
  }
};
