import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import type { ItemTable } from '../items/item-table';
import type { ColumnRules } from './column-rules';
import { readOnlyNames } from './narrow-item';

/**
 * 403 (nothing written) when a value about to be written reaches a column the user may not
 * change: whether the body named the column, filled it through a relation object
 * (`{"customer": {"id": 2}}`), or it belongs to a nested child (checked with the child table's
 * rules). `values` are the cleaned column values of one record; `path` prefixes the names.
 */
export const assertValuesSettable = (
  item: ItemTable,
  rules: ColumnRules,
  values: Readonly<Record<string, unknown>>,
  path: string,
): void => {
  if (rules.size === 0) return;
  const denied = readOnlyNames(item, rules);
  if (denied.size === 0) return;
  const named = Object.keys(values).filter((name) => denied.has(name));
  if (named.length > 0) {
    throw new ApiException(
      'FORBIDDEN',
      itemsMessage('columnForbidden', { names: named.map((name) => `${path}${name}`).join(', ') }),
    );
  }
};
