import type { Knex } from 'knex';
import { businessPermission } from '../../../../contract/index';
import { authoritiesOf } from '../../auth/authorities';
import { hasPermission } from '../../auth/permission';
import { loadColumnRules } from '../permissions/load-column-rules';
import { narrowForRead } from '../permissions/narrow-item';
import type { ColumnRules } from '../permissions/column-rules';
import type { ItemTable } from '../items/item-table';
import { loadUserRoleGrants } from '../role-grants';

/** What a webhook's owner may read: its codes and column rules on one data source. */
export interface OwnerView {
  authorities: readonly string[] | null;
  rules: ColumnRules | null;
}

/** A webhook without an owner (made by server code) reads as the server: every column. */
const SERVER_VIEW: OwnerView = { authorities: null, rules: null };

/** The view of `ownerId` on `dataSource`, read from `primary` (its roles' codes and column rules). */
export const loadOwnerView = async (
  primary: Knex,
  ownerId: number | null,
  dataSource: string,
): Promise<OwnerView> => {
  if (ownerId === null) return SERVER_VIEW;
  const grants = await loadUserRoleGrants(primary, ownerId);
  return {
    authorities: authoritiesOf(grants).map((authority) => authority.authority),
    rules: await loadColumnRules(
      primary,
      grants.map((grant) => grant.id),
      dataSource,
    ),
  };
};

/**
 * The columns of `item` a webhook owned by `view` may carry, or null when its owner may not read
 * the table at all (then the webhook is not told of the change).
 */
export const ownerColumns = (
  view: OwnerView,
  item: ItemTable,
  dataSource: string,
): ReadonlySet<string> | null => {
  if (
    view.authorities !== null &&
    !hasPermission(view.authorities, businessPermission(item.table.name, 'read', dataSource))
  )
    return null;
  const table = view.rules ? narrowForRead(item, view.rules).table : item.table;
  return new Set(table.columns.map((column) => column.name));
};
