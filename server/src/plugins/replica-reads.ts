import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { ItemContext } from '../services/items/item-context';

/** Methods that change nothing. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Item actions of routes that write nothing, though sent with POST (an export's columns). */
const READ_ACTIONS: ReadonlySet<string> = new Set(['read', 'export']);

/** Where a list, count or search of a request reads: the context's handle and the data source's pool. */
export interface ReadTarget {
  context: ItemContext;
  knex: Knex;
}

/**
 * The handles a list, count or search reads through: a replica of the request's data source when
 * one may serve this user (ReplicaSet.pick: up, within the lag bound, past the user's last write),
 * else the data source itself. Only reads that write nothing may be sent here.
 */
export const readTargetOf = (request: FastifyRequest, context: ItemContext): ReadTarget => {
  const source = request.dataSource;
  const replica = request.principal ? source.replicas?.pick(request.principal.id) : undefined;
  if (!replica) return { context, knex: source.knex };
  return { context: { ...context, db: replica.reads }, knex: replica.knex };
};

/**
 * Read your writes: a request that may have written (any method but GET, HEAD and OPTIONS, except
 * item reads and exports), answered below 400, marks its user as having written to its data source
 * just before the answer leaves, so that the user's next reads wait for a replica that has
 * replayed it, or go to the primary.
 */
export default fp(
  async (app) => {
    if (!app.dataSources.list().some((source) => source.replicas)) return;
    app.addHook('onSend', async (request, reply, payload) => {
      if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
      const action = request.routeOptions.config.item?.action;
      if (action !== undefined && READ_ACTIONS.has(action)) return payload;
      const replicas = (request.dataSource as FastifyRequest['dataSource'] | null)?.replicas;
      if (!replicas) return payload;
      // A change of tables (the designer, reversing, importing metadata) must be on a replica
      // before anyone's list is read there.
      if (request.url.startsWith('/api/metadata/')) replicas.wroteForAll();
      else if (request.principal) replicas.wrote(request.principal.id);
      return payload;
    });
  },
  { name: 'replica-reads', dependencies: ['db'] },
);
