import { SYSTEM } from '../../db/table-names';
import { ApiException } from '../../errors/api-exception';
import { systemTableMessage } from '../../i18n/system-table-messages';
import type { ItemTable } from '../items/item-table';

/** Keys of a table permission as other crudapi-style servers shape it: a named set with a `value`. */
const FOREIGN_KEYS = ['name', 'value'] as const;

/**
 * crudboard ties column rules to a role (docs/api.md §3): a `tablePermission` body shaped the other
 * way (`{name, tableId, value}`) is a 400 that says what to send instead, not a list of unknown
 * fields.
 */
export const assertTablePermissionShape = (
  item: ItemTable,
  body: Record<string, unknown>,
  path: string,
): void => {
  if (!item.table.systemable || item.table.tableName !== SYSTEM.tablePermission) return;
  const present = FOREIGN_KEYS.filter((key) => Object.hasOwn(body, key));
  if (present.length === 0) return;
  const message = systemTableMessage('tablePermissionShape');
  throw new ApiException(
    'VALIDATION_ERROR',
    message,
    Object.fromEntries(present.map((key) => [`${path}${key}`, message])),
  );
};
