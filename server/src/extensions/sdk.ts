/**
 * What a server extension imports: one module, so extensions depend on a small, stable surface
 * and not on crudboard's internals. See docs/extending.md.
 *
 * - `defineServerExtension({ name, routes, hooks, migrations, permissions, config })` types an
 *   extension; `defineExtensionConfig(Type.Object({...}))` declares its environment variables.
 * - Routes: a Fastify plugin mounted at `/api/ext/<name>`; the session is checked before it runs
 *   and `request.dataSource` is the selected data source (its `knex`, `client`).
 * - `requirePermission(code)`: an onRequest hook answering 403 unless the caller holds `code`
 *   (an extension's own codes are `ext:<name>:<verb>`); `callerMay(request, code)` asks without
 *   refusing.
 * - `config: { item: { action, table? } }` on a route: its table (`item.table`, or the route's
 *   `:table` parameter) is opened before the handler, exactly as for `/api/business/<table>`
 *   (404, 403, column rules; reads in the user's read line).
 * - `records(request, table?)`: reads and writes a table's records with the caller's rights
 *   (the same `business:<table>:<action>` checks, column rules, write hooks and transactions as
 *   `/api/business`); without `table`, the table the route opened with `config.item`.
 * - `ApiException(code, message?, fieldErrors?)`: a clear error answer; messages may be
 *   `{ zh, en }`.
 * - `Type` and `errorResponses`: TypeBox schemas for validation and the `/api/docs` page.
 * - `hookRecords(event.write, table)`: a write hook's own record writes (create, update, delete),
 *   in the write's transaction and recorded in record history (channel `extension`).
 * - `recentChanges(request, { table?, limit })`: the newest record changes of the request's data
 *   source, from the record history, only of tables the caller may read (no values).
 * - `tasks: [{ name, label, run }]` (`ExtensionTask`): work crudboard runs by its full name
 *   `<extension>:<task>`, e.g. at a schedule's ticks; `run` gets a `TaskContext`.
 * - `flowSteps: [{ kind, label, run }]` (`ExtensionFlowStep`): step kinds flows may use
 *   (`<extension>:<kind>`); `flowTriggers: [{ name, label }]` and `startFlows(db, trigger, input)`:
 *   triggers flows may name, fired by the extension.
 */
import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { startFlowRuns, type FlowStartInput } from '../services/flows/start-flow-runs';
import { businessPermission, type BusinessAction } from '../../../contract/index';
import { hasPermission } from '../auth/permission';
import { itemOf } from '../plugins/item-access';
import { itemContextOf, openItem } from '../plugins/open-item';
import { listTables } from '../services/metadata-store';
import { rowRuleFor } from '../services/permissions/row-rules';
import { principalOf } from '../plugins/session';
import { parseListQuery } from '../query/parse-list-query';
import { readOptions } from '../query/read-options';
import { createItem } from '../services/items/create-item';
import { deleteItems } from '../services/items/delete-items';
import { getItem } from '../services/items/get-items';
import { listItems } from '../services/items/list-items';
import { keyText, parseRecordKey } from '../services/items/record-keys';
import { updateItem } from '../services/items/update-item';
import { recentChanges as readRecentChanges, type RecentChange } from '../services/history/recent-changes';

export { Type } from 'typebox';
export { requirePermission } from '../auth/require-permission';
export { ApiException } from '../errors/api-exception';
export { errorResponses } from '../schemas/common';
export { RevisionActionSchema, RevisionChannelSchema } from '../schemas/history';
export { principalOf };
export type { ItemAccess } from '../plugins/item-access';
export { keyText };
export { hookRecords, type HookRecords } from '../services/items/hook-records';
export { defineExtensionConfig, type ExtensionConfig } from './extension-config';
export {
  defineServerExtension,
  type ExtensionWriteHook,
  type ServerExtension,
} from './define-server-extension';
export type { ExtensionTask, TaskContext } from './extension-tasks';
export type { ExtensionFlowStep, ExtensionFlowTrigger, FlowStepContext } from './extension-flows';
export type { FlowStartInput };
export type {
  AfterCommitEvent,
  AfterCreateEvent,
  AfterUpdateEvent,
  BeforeCreateEvent,
  BeforeUpdateEvent,
  CommitEvent,
  CommittedChange,
  DeleteEvent,
} from './write-hooks';
export type { NamedMigration } from '../db/migrations/named-migration';
export type { Knex } from 'knex';
export type { RecentChange };

/** Whether the caller holds `code` (the super admin holds every code). */
export const callerMay = (request: FastifyRequest, code: string): boolean =>
  hasPermission(
    principalOf(request).authorities.map((authority) => authority.authority),
    code,
  );

/** Whether the caller may do `action` on the records of `table` in the request's data source. */
export const callerMayOnTable = (request: FastifyRequest, table: string, action: BusinessAction): boolean =>
  callerMay(request, businessPermission(table, action, request.dataSource.name));

/**
 * A table's records with the caller's rights, in the request's data source: each call checks
 * `business:<table>:<action>` (403), the table's existence (404) and the caller's column rules,
 * and writes run the write hooks in one transaction, exactly like `/api/business/<table>`.
 * Without `table`: the table the route opened with `config.item` (each call still checks its own
 * action).
 */
export const records = (request: FastifyRequest, table: string = itemOf(request).item.table.name) => ({
  /** A page of records; `query` takes the list parameters of `/api/business/<table>`. */
  list: async (query: Record<string, unknown> = {}) => {
    const { context, item } = await openItem(request, table, 'read', undefined, true);
    return listItems(context, item, parseListQuery(query, item.query), request.dataSource.knex);
  },
  /** One record by its key text (`7`, or `k1=v1,k2=v2` for a composite key); 404 if absent. */
  get: async (id: string) => {
    const { context, item } = await openItem(request, table, 'read', undefined, true);
    return getItem(context, item, parseRecordKey(item, id), readOptions(item.query, {}));
  },
  /** Creates a record (nested children allowed); returns its key. */
  create: async (body: Record<string, unknown>) => {
    const { context, item } = await openItem(request, table, 'create', body, true);
    return createItem(context, item, body);
  },
  /** Changes the fields present in `body`. */
  update: async (id: string, body: Record<string, unknown>) => {
    const { context, item } = await openItem(request, table, 'update', body, true);
    await updateItem(context, item, parseRecordKey(item, id), body);
  },
  /** Deletes records by key text, all or nothing; `soft` sets `isDeleted` instead. */
  remove: async (ids: readonly string[], soft = false) => {
    const { context, item } = await openItem(request, table, 'delete', undefined, true);
    await deleteItems(
      context,
      item,
      ids.map((id) => parseRecordKey(item, id)),
      soft,
    );
  },
});

/**
 * The newest record changes of the request's data source, newest first (of `table` only when
 * given): who changed which record, how and when, without values, and only of the tables the
 * caller may read and whose records no row rule of the caller limits. They come from crudboard's record history, written in each write's own
 * transaction; an extension need not keep a log of its own.
 */
export const recentChanges = async (request: FastifyRequest, options: { table?: string; limit: number }) => {
  const limited = await rowLimitedTables(request);
  return readRecentChanges(request.server.dataSources.primary.knex, request.dataSource.name, {
    ...options,
    mayRead: (name) => !limited.has(name) && callerMayOnTable(request, name, 'read'),
  });
};

/**
 * The names of the tables whose records a read rule limits for the caller: their changes are left
 * out of `recentChanges` (which keys changed is itself a record's existence).
 */
const rowLimitedTables = async (request: FastifyRequest): Promise<ReadonlySet<string>> => {
  const { rows } = await itemContextOf(request, true);
  if (!rows) return new Set();
  const ids = [...new Set(rows.roles.flatMap((role) => [...role.tables.keys()]))];
  const tables = await listTables(request.dataSource.knex, ids);
  return new Set(
    tables
      .filter((table) => rowRuleFor(rows.roles, table, 'read', 'read', rows.dataSource) !== null)
      .map((table) => table.name),
  );
};

/**
 * Fires a flow trigger the extension registered (`flowTriggers`), named in full
 * (`<extension>:<trigger>`): every enabled flow with that trigger gets a run, acting as the flow's
 * owner, that a flow runner of some server runs soon after. `db` is `primary`
 * (`request.server.dataSources.primary.knex`), or in a write hook `await event.write.primary()`, so
 * that the runs are written with the write and exist exactly when it commits. `input.key` names a
 * record of the flow's table (its steps then read and write it); `input.record` is what `{{field}}`
 * reads otherwise. Answers the runs' ids.
 */
export const startFlows = (db: Knex, trigger: string, input: FlowStartInput = {}): Promise<number[]> =>
  startFlowRuns(db, { trigger }, trigger, input);
