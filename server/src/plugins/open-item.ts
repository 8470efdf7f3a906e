import type { FastifyRequest } from 'fastify';
import type { BusinessAction } from '../../../contract/index';
import { isSuperAdmin } from '../auth/permission';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { hashSessionToken } from '../auth/session-token';
import { ApiException } from '../errors/api-exception';
import { itemsMessage } from '../i18n/items-messages';
import { assertMay, type ItemContext } from '../services/items/item-context';
import type { ItemTable } from '../services/items/item-table';
import { loadItemTable } from '../services/items/load-item-table';
import type { ColumnRules } from '../services/permissions/column-rules';
import { loadColumnRules } from '../services/permissions/load-column-rules';
import { assertSettable, narrowForImport, narrowForRead } from '../services/permissions/narrow-item';
import { principalOf } from './session';
import { writeOriginOf } from './write-origin';

/** A business table opened for one action: the caller's context and the table as they may see it. */
export interface OpenedItem {
  context: ItemContext;
  item: ItemTable;
}

const NO_RULES: ColumnRules = new Map();

/** The user's column rules on the request's data source, kept in primary (none for the super admin). */
const columnRulesOf = (request: FastifyRequest, authorities: readonly string[]): Promise<ColumnRules> =>
  isSuperAdmin(authorities)
    ? Promise.resolve(NO_RULES)
    : loadColumnRules(
        request.server.dataSources.primary.knex,
        principalOf(request).roles.map((role) => role.id),
        request.dataSource.name,
      );

/**
 * The items context of a request: its user, data source, column rules and write hooks. `reads`:
 * its statements run under the query timeout (business reads).
 */
export const itemContextOf = async (request: FastifyRequest, reads = false): Promise<ItemContext> => {
  const authorities = principalOf(request).authorities.map((authority) => authority.authority);
  const token = request.cookies[SESSION_COOKIE];
  return {
    db: reads ? request.dataSource.reads : request.dataSource.knex,
    dialect: request.dataSource.client,
    userId: principalOf(request).id,
    authorities,
    dataSource: request.dataSource.name,
    rules: await columnRulesOf(request, authorities),
    hooks: request.server.writeHooks,
    origin: writeOriginOf(request),
    ...(token ? { sessionTokenHash: hashSessionToken(token) } : {}),
  };
};

/** Actions a read-only table refuses (its records can be read and exported, never changed). */
const WRITES: ReadonlySet<BusinessAction> = new Set(['create', 'update', 'delete', 'import']);

/**
 * Opens `tableName` of the request's data source for `action`: 404 for an unknown table, 403
 * without `business:<table>:<action>` or for a write to a read-only table. `body` (default: the
 * request's) is the record a create or update will write, checked against the caller's column
 * rules. Reads get a context under the query timeout and the table narrowed to the readable
 * columns; imports get it narrowed to the importable ones.
 */
export const openItem = async (
  request: FastifyRequest,
  tableName: string,
  action: BusinessAction,
  body: unknown = request.body,
): Promise<OpenedItem> => {
  const context = await itemContextOf(request, action === 'read');
  const stored = await loadItemTable(context.db, tableName);
  assertMay(context, stored.table, action);
  if (stored.table.readOnly && WRITES.has(action)) {
    throw new ApiException('FORBIDDEN', itemsMessage('readOnlyTable', { name: stored.table.name }));
  }
  const { rules } = context;
  if (action === 'create' || action === 'update') assertSettable(stored, rules, body);
  const item =
    action === 'read' || action === 'export'
      ? narrowForRead(stored, rules)
      : action === 'import'
        ? narrowForImport(stored, rules)
        : stored;
  return { context, item };
};
