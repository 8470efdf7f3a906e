import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import type { StoredTable } from '../metadata-rows';

/**
 * 409 naming the table when a write reaches a read-only table through a relation (a nested
 * insert, update or sync-delete, or a delete cascade from a parent): its records only change
 * by means outside the items API.
 */
export const assertWritableRelated = (table: Pick<StoredTable, 'name' | 'readOnly'>): void => {
  if (table.readOnly) {
    throw new ApiException('CONFLICT', itemsMessage('readOnlyRelated', { name: table.name }));
  }
};
