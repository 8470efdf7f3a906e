/**
 * What a server extension imports: one module, so extensions depend on a small, stable surface
 * and not on crudboard's internals. See docs/extending.md.
 *
 * - `defineServerExtension({ name, routes, hooks, migrations })` types an extension.
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
 */
import type { FastifyRequest } from 'fastify';
import { businessPermission, type BusinessAction } from '../../../contract/index';
import { hasPermission } from '../auth/permission';
import { itemOf } from '../plugins/item-access';
import { openItem } from '../plugins/open-item';
import { principalOf } from '../plugins/session';
import { parseListQuery } from '../query/parse-list-query';
import { readOptions } from '../query/read-options';
import { createItem } from '../services/items/create-item';
import { deleteItems } from '../services/items/delete-items';
import { getItem } from '../services/items/get-items';
import { listItems } from '../services/items/list-items';
import { keyText, parseRecordKey } from '../services/items/record-keys';
import { updateItem } from '../services/items/update-item';

export { Type } from 'typebox';
export { requirePermission } from '../auth/require-permission';
export { ApiException } from '../errors/api-exception';
export { errorResponses } from '../schemas/common';
export { principalOf };
export type { ItemAccess } from '../plugins/item-access';
export { keyText };
export {
  defineServerExtension,
  type ExtensionWriteHook,
  type ServerExtension,
} from './define-server-extension';
export type {
  AfterCreateEvent,
  AfterUpdateEvent,
  BeforeCreateEvent,
  BeforeUpdateEvent,
  CommitEvent,
  DeleteEvent,
} from './write-hooks';
export type { NamedMigration } from '../db/migrations/named-migration';
export type { Knex } from 'knex';

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
    const { context, item } = await openItem(request, table, 'read', undefined);
    return listItems(context, item, parseListQuery(query, item.query), request.dataSource.knex);
  },
  /** One record by its key text (`7`, or `k1=v1,k2=v2` for a composite key); 404 if absent. */
  get: async (id: string) => {
    const { context, item } = await openItem(request, table, 'read', undefined);
    return getItem(context, item, parseRecordKey(item, id), readOptions(item.query, {}));
  },
  /** Creates a record (nested children allowed); returns its key. */
  create: async (body: Record<string, unknown>) => {
    const { context, item } = await openItem(request, table, 'create', body);
    return createItem(context, item, body);
  },
  /** Changes the fields present in `body`. */
  update: async (id: string, body: Record<string, unknown>) => {
    const { context, item } = await openItem(request, table, 'update', body);
    await updateItem(context, item, parseRecordKey(item, id), body);
  },
  /** Deletes records by key text, all or nothing; `soft` sets `isDeleted` instead. */
  remove: async (ids: readonly string[], soft = false) => {
    const { context, item } = await openItem(request, table, 'delete', undefined);
    await deleteItems(
      context,
      item,
      ids.map((id) => parseRecordKey(item, id)),
      soft,
    );
  },
});
