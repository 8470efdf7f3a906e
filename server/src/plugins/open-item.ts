import type { FastifyRequest } from 'fastify';
import type { BusinessAction, Principal } from '../../../contract/index';
import { isSuperAdmin } from '../auth/permission';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { hashSessionToken } from '../auth/session-token';
import { PRIMARY } from '../config';
import { SYSTEM } from '../db/table-names';
import { ApiException } from '../errors/api-exception';
import { itemsMessage } from '../i18n/items-messages';
import { assertMay, type ItemContext } from '../services/items/item-context';
import type { ItemTable } from '../services/items/item-table';
import { loadItemTable } from '../services/items/load-item-table';
import type { ColumnRules } from '../services/permissions/column-rules';
import { loadColumnRules } from '../services/permissions/load-column-rules';
import { assertSettable, narrowForImport, narrowForRead } from '../services/permissions/narrow-item';
import { loadRowRules, loadRuleUser, ruleUserOf } from '../services/permissions/load-row-rules';
import { rowRuleFor, type RowRuleKey } from '../services/permissions/row-rules';
import { grantingAction, type RowScope } from '../services/permissions/row-scope';
import { ruleTableOf } from '../services/permissions/rule-table';
import { principalOf } from './session';
import { writeOriginOf } from './write-origin';
import { auditOriginOf } from '../services/audit/audit-origin';

/** A business table opened for one action: the caller's context and the table as they may see it. */
export interface OpenedItem {
  context: ItemContext;
  item: ItemTable;
}

const NO_RULES: ColumnRules = new Map();

/** The user's column rules on the request's data source, kept in primary (none for the super admin). */
const columnRulesOf = (
  request: FastifyRequest,
  principal: Principal,
  authorities: readonly string[],
): Promise<ColumnRules> =>
  isSuperAdmin(authorities)
    ? Promise.resolve(NO_RULES)
    : loadColumnRules(
        request.server.dataSources.primary.knex,
        principal.roles.map((role) => role.id),
        request.dataSource.name,
      );

/** The user's row rules on the request's data source; none for the super admin or without rules. */
const rowScopeOf = async (
  request: FastifyRequest,
  principal: Principal,
  authorities: readonly string[],
): Promise<RowScope | undefined> => {
  if (isSuperAdmin(authorities)) return undefined;
  const primary = request.server.dataSources.primary.knex;
  const roles = await loadRowRules(
    primary,
    principal.roles.map((role) => role.id),
    request.dataSource.name,
  );
  if (roles.length === 0) return undefined;
  return {
    dataSource: request.dataSource.name,
    roles,
    vars: {
      user: ruleUserOf(await loadRuleUser(primary, principal.id), principal),
      roles: principal.roles.map((role) => role.code),
      now: new Date(),
    },
    action: 'read',
    tables: new Map(),
  };
};

/**
 * The items context of a request: its user, data source, column rules and write hooks. `reads`:
 * its statements run under the query timeout (business reads). `principal`: whose rules apply
 * (default: the caller's; another user's for a read viewed as them, plugins/view-as.ts).
 */
export const itemContextOf = async (
  request: FastifyRequest,
  reads = false,
  principal: Principal = principalOf(request),
): Promise<ItemContext> => {
  const authorities = principal.authorities.map((authority) => authority.authority);
  const token = request.cookies[SESSION_COOKIE];
  return {
    db: reads ? request.dataSource.reads : request.dataSource.knex,
    dialect: request.dataSource.client,
    userId: principal.id,
    authorities,
    dataSource: request.dataSource.name,
    rules: await columnRulesOf(request, principal, authorities),
    ...(await rowScopeOf(request, principal, authorities).then((rows) => (rows ? { rows } : {}))),
    hooks: request.server.writeHooks,
    origin: writeOriginOf(request),
    audit: { origin: auditOriginOf(request), log: request.log },
    ...(token ? { sessionTokenHash: hashSessionToken(token) } : {}),
    ...(request.apiToken ? { viaApiToken: true } : {}),
    ...(request.flowRun !== null ? { viaFlow: true } : {}),
  };
};

const SYSTEM_TABLE_NAMES: ReadonlySet<string> = new Set(Object.values(SYSTEM));

/** One of crudboard's own tables in `primary` (users, roles, permissions...). */
const isSystemTable = (context: ItemContext, table: { tableName: string }): boolean =>
  context.dataSource === PRIMARY && SYSTEM_TABLE_NAMES.has(table.tableName);

/** The row rules an action applies (an import creates and updates). */
const RULE_KEYS: Record<BusinessAction, readonly RowRuleKey[]> = {
  read: ['read'],
  export: ['read'],
  create: ['create'],
  update: ['read', 'update'],
  delete: ['read', 'delete'],
  import: ['create', 'update'],
};

/**
 * 403 when a row rule would restrict `action` on the table but the caller does not apply row rules
 * (`rowRules` false): a path that does not filter records refuses rather than shows them all.
 */
const assertRowRulesApplied = (
  context: ItemContext,
  table: { id: number; name: string },
  action: BusinessAction,
) => {
  const scope = context.rows;
  if (!scope) return;
  const restricted = RULE_KEYS[action].some(
    (key) => rowRuleFor(scope.roles, table, key, grantingAction(key, action), scope.dataSource) !== null,
  );
  if (restricted)
    throw new ApiException('FORBIDDEN', itemsMessage('rowRulesUnsupported', { name: table.name }));
};

/** Actions a read-only table refuses (its records can be read and exported, never changed). */
const WRITES: ReadonlySet<BusinessAction> = new Set(['create', 'update', 'delete', 'import']);

/**
 * Opens `tableName` of the request's data source for `action`: 404 for an unknown table, 403
 * without `business:<table>:<action>` or for a write to a read-only table. `body` (default: the
 * request's) is the record a create or update will write, checked against the caller's column
 * rules. Reads get a context under the query timeout and the table narrowed to the readable
 * columns; imports get it narrowed to the importable ones. `rowRules`: the caller applies the
 * user's row rules (services/items/row-filter.ts); otherwise a table a row rule restricts for
 * `action` is refused with 403. `principal`: whose permissions and rules apply (default: the caller's).
 */
export const openItem = async (
  request: FastifyRequest,
  tableName: string,
  action: BusinessAction,
  body: unknown = request.body,
  rowRules = false,
  principal: Principal = principalOf(request),
): Promise<OpenedItem> => {
  const context = await itemContextOf(request, action === 'read', principal);
  const stored = await loadItemTable(context.db, tableName);
  try {
    assertMay(context, stored.table, action);
  } catch (error) {
    // Reaching for crudboard's own tables without the right looks like probing: it is audited.
    if (isSystemTable(context, stored.table)) {
      await request.server.audit.record(request, {
        action: 'refused',
        dataSource: context.dataSource,
        table: stored.table.name,
        detail: { method: request.method, url: request.url.slice(0, 500), permission: action },
      });
    }
    throw error;
  }
  if (stored.table.readOnly && WRITES.has(action)) {
    throw new ApiException('FORBIDDEN', itemsMessage('readOnlyTable', { name: stored.table.name }));
  }
  if (context.rows) {
    context.rows.action = action;
    // The tables a rule may reach from here, with every column (a rule may test a hidden one).
    for (const table of [stored.table, ...stored.relations.map((relation) => relation.toTable)]) {
      context.rows.tables.set(table.id, ruleTableOf(table));
    }
    if (!rowRules) assertRowRulesApplied(context, stored.table, action);
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
