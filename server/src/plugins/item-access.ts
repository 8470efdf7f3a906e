import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { BusinessAction } from '../../../contract/index';
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from '../config';
import { sqlDialect } from '../dialects/sql/sql-dialects';
import { ApiException } from '../errors/api-exception';
import { itemsMessage } from '../i18n/items-messages';
import type { ReadCost } from '../query/read-cost';
import { FairQueue } from '../services/fair-queue';
import type { ItemTable } from '../services/items/item-table';
import { ReadGate } from '../services/items/read-gate';
import { abortedWhenClientGoes, withAbortSignal } from '../db/read-abort';
import { openItem, type OpenedItem } from './open-item';
import { principalOf } from './session';
import { refuseViewAsWrite, viewAsIdOf, viewAsPrincipal } from './view-as';

/** What a route opts into with `config: { item: ... }`. */
export interface ItemAccess {
  /** The action the route performs on the table's records (its permission code, its narrowing). */
  action: BusinessAction;
  /** The table; default: the route's `:table` parameter. */
  table?: string;
  /**
   * Reads: what this request may cost the database, judged on the opened table (query/read-cost.ts);
   * default: expensive.
   */
  cost?: (request: FastifyRequest, item: ItemTable) => ReadCost;
  /**
   * The route applies the user's row rules through the items service (services/items/row-filter.ts).
   * Without it, a table a row rule restricts for `action` is refused with 403: a new route shows
   * nothing the rules keep out until it says it applies them.
   */
  rowRules?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open a business table before the handler: `request.item` (see plugins/item-access.ts). */
    item?: ItemAccess;
  }
  interface FastifyRequest {
    /** The table a route with `config.item` opened, with the caller's context; null elsewhere. */
    item: OpenedItem | null;
  }
}

export interface ItemAccessOptions {
  /** Ceilings on business reads (default: DEFAULT_QUERY_LIMITS). */
  queries?: QueryLimits;
}

const RETRY = { headers: { 'retry-after': '1' } };

/** The table and context opened for a route with `config.item`. */
export const itemOf = (request: FastifyRequest): OpenedItem => {
  if (!request.item) throw new Error(`${request.url} reached its handler without config.item`);
  return request.item;
};

const tableParam = (request: FastifyRequest): string => {
  const { table } = request.params as { table?: unknown };
  if (typeof table !== 'string') throw new Error(`${request.url} has no :table parameter`);
  return table;
};

/**
 * Business table access for routes. A route declaring `config: { item: { action } }` gets its
 * table (`:table`, or `item.table`) opened before its handler runs, once: the data source's
 * metadata, 404 for an unknown table, the `business:<table>:<action>` permission and the caller's
 * column rules, a read-only table's refusal of writes, and for reads a context whose statements run
 * under the query timeout. The handler finds it in `request.item` (`itemOf(request)`).
 *
 * Reads on PostgreSQL and MySQL run in the user's line (ReadGate): at most `maxPerUser` of one user's reads at once,
 * `maxWaitingPerUser` more waiting, the rest refused with 429. The line wraps the opening and the
 * handler together, so a read's metadata lookups count too, and its place is given back when the
 * handler's promise settles, whatever the outcome (refusal, error, answer); no hook has to
 * remember it.
 *
 * Once opened, the read is judged cheap or expensive (`config.item.cost`) and takes a running place
 * of its data source (FairQueue): at most `maxRunning` reads of all users at once, `maxExpensive` of
 * them expensive, freed places handed to the waiting users in turn. So no group of users can fill
 * the data pool with costly reads: a record by key or a first page finds a place while theirs run.
 */
export default fp<ItemAccessOptions>(
  async (app, options) => {
    const limits = options.queries ?? DEFAULT_QUERY_LIMITS;
    const waitMs = limits.timeoutMs > 0 ? limits.timeoutMs : 60_000;
    const gate = new ReadGate({
      maxPerUser: limits.maxPerUser,
      maxWaitingPerUser: limits.maxWaitingPerUser,
      waitMs,
    });
    const queues = new Map<string, FairQueue>();
    const queueOf = (dataSource: string): FairQueue => {
      let queue = queues.get(dataSource);
      if (!queue) {
        queue = new FairQueue({ maxRunning: limits.maxRunning, maxExpensive: limits.maxExpensive });
        queues.set(dataSource, queue);
      }
      return queue;
    };
    /** Runs `handle` once a running place of the request's data source is held. */
    const inTurn = async <T>(request: FastifyRequest, user: string, cost: ReadCost, handle: () => T) => {
      const queue = queueOf(request.dataSource.name);
      if (!(await queue.take(user, cost, waitMs))) {
        throw new ApiException('TOO_MANY_REQUESTS', itemsMessage('busyServer'), undefined, RETRY);
      }
      try {
        return await handle();
      } finally {
        queue.give(cost);
      }
    };
    app.decorateRequest('item', null);
    // Viewing as another user never writes, whatever the route.
    app.addHook('onRequest', async (request) => refuseViewAsWrite(request));
    app.addHook('onRoute', (route) => {
      const access = route.config?.item;
      if (!access) return;
      if (access.table === undefined && !route.url.split('/').includes(':table')) {
        throw new Error(`${route.method} ${route.url}: config.item needs a :table parameter or item.table`);
      }
      const handler: RouteHandlerMethod = route.handler;
      route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        // A synchronous driver (SQLite) runs each read to its end on the event loop: reads hold no
        // pooled connection for long, and a line would only add waiting.
        const inLine = access.action === 'read' && !sqlDialect(request.dataSource.client).synchronous;
        const user = inLine ? String(principalOf(request).id) : '';
        const work = async () => {
          const tableName = access.table ?? tableParam(request);
          const viewAs = viewAsIdOf(request);
          if (viewAs !== null && access.action !== 'read') {
            throw new ApiException('FORBIDDEN', itemsMessage('viewAsReadOnly'));
          }
          const opened = await openItem(
            request,
            tableName,
            access.action,
            request.body,
            access.rowRules === true,
            viewAs === null ? undefined : await viewAsPrincipal(request, tableName, viewAs),
          );
          request.item = opened;
          const handle = () => handler.call(this, request, reply);
          if (!inLine) return handle();
          return inTurn(request, user, access.cost?.(request, opened.item) ?? 'expensive', handle);
        };
        const run = () => (inLine ? gate.run(user, work) : work());
        // A read whose client goes away stops on the database too (read-abort.ts).
        return access.action === 'read' ? withAbortSignal(abortedWhenClientGoes(reply), run) : run();
      };
    });
  },
  { name: 'item-access' },
);
