import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import type { ItemTable } from '../items/item-table';

/**
 * The fields of `records` that name a column of the whole table which the user's narrowed view
 * of it (`allowed`) lacks: columns the user may not change. Unknown names are not counted here.
 */
export const unsettableFields = (
  whole: ItemTable,
  allowed: ItemTable,
  records: readonly unknown[],
): string[] => {
  const settable = new Set(allowed.table.columns.map((column) => column.name));
  const denied = new Set(
    whole.table.columns.map((column) => column.name).filter((name) => !settable.has(name)),
  );
  if (denied.size === 0) return [];
  const named = new Set<string>();
  for (const record of records) {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) continue;
    for (const name of Object.keys(record)) if (denied.has(name)) named.add(name);
  }
  return [...named];
};

/** 403 (nothing written) when records set a column the user may not change (docs/api.md §6). */
export const assertOnlySettable = (
  whole: ItemTable,
  allowed: ItemTable,
  records: readonly unknown[],
): void => {
  const named = unsettableFields(whole, allowed, records);
  if (named.length > 0) {
    throw new ApiException('FORBIDDEN', itemsMessage('columnForbidden', { names: named.join(', ') }));
  }
};
