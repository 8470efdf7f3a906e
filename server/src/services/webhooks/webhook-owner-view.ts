import type { Knex } from 'knex';
import { businessPermission } from '../../../../contract/index';
import { authoritiesOf } from '../../auth/authorities';
import { hasPermission } from '../../auth/permission';
import { loadColumnRules } from '../permissions/load-column-rules';
import { narrowForRead } from '../permissions/narrow-item';
import type { ColumnRules } from '../permissions/column-rules';
import type { ItemTable } from '../items/item-table';
import { cachedRead } from '../../db/write-versions';
import { loadUserRoleGrants } from '../role-grants';
import type { ListeningWebhook } from './enabled-webhooks';

/** What a webhook's owner may read: its codes and column rules on one data source. */
export interface OwnerView {
  authorities: readonly string[] | null;
  rules: ColumnRules | null;
}

/** A webhook without an owner (made by server code) reads as the server: every column. */
const SERVER_VIEW: OwnerView = { authorities: null, rules: null };

const ownerViews = cachedRead<OwnerView>('principal');

/**
 * The view of `ownerId` on `dataSource` (its roles' codes and column rules), read from `primary`
 * and kept in memory until users, roles or permissions are written, as the sessions' are.
 */
export const loadOwnerView = (
  primary: Knex,
  ownerId: number | null,
  dataSource: string,
): Promise<OwnerView> =>
  ownerId === null
    ? Promise.resolve(SERVER_VIEW)
    : ownerViews.get(primary, `webhook-owner:${String(ownerId)}:${dataSource}`, async () => {
        const grants = await loadUserRoleGrants(primary, ownerId);
        return {
          authorities: authoritiesOf(grants).map((authority) => authority.authority),
          rules: await loadColumnRules(
            primary,
            grants.map((grant) => grant.id),
            dataSource,
          ),
        };
      });

/**
 * The views of the owners of `webhooks` on `dataSource`, by owner: read by a writer before its
 * transaction opens (from memory but for the first write after a change of permissions), so that
 * a write sending events adds no statement of its own for them.
 */
export const loadOwnerViews = async (
  primary: Knex,
  webhooks: readonly ListeningWebhook[],
  dataSource: string,
): Promise<ReadonlyMap<number | null, OwnerView>> => {
  const owners = [...new Set(webhooks.filter((w) => w.dataSource === dataSource).map((w) => w.ownerId))];
  const views = await Promise.all(owners.map((owner) => loadOwnerView(primary, owner, dataSource)));
  return new Map(owners.map((owner, i) => [owner, views[i] ?? SERVER_VIEW]));
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
