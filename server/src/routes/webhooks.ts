import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { WEBHOOK_MANAGE } from '../../../contract/index';
import { hasPermission } from '../auth/permission';
import { dateTimeText } from '../db/clock';
import { SYSTEM } from '../db/table-names';
import { ApiException } from '../errors/api-exception';
import { principalOf } from '../plugins/session';
import { errorResponses } from '../schemas/common';
import { signalDeliveries } from '../services/webhooks/delivery-signal';

const tags = ['webhooks'];
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const Replayed = Type.Object({ replayed: Type.Integer({ description: 'deliveries sent again' }) });

/**
 * /api/webhooks (docs/api.md, webhooks): sending deliveries again. The webhooks and their
 * deliveries themselves are the system tables `webhook` and `webhookDelivery` of the business
 * API. For holders of `webhook:manage` (and the super admin).
 */
const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const primary = () => app.dataSources.primary.knex;

  app.addHook('onRequest', async (request) => {
    const codes = principalOf(request).authorities.map((authority) => authority.authority);
    if (!hasPermission(codes, WEBHOOK_MANAGE)) throw new ApiException('FORBIDDEN');
  });

  /** Puts deliveries back in the outbox, due now, with a new retry time. */
  const replay = async (where: Record<string, unknown>, statuses: readonly string[]): Promise<number> => {
    const replayed = await primary()(SYSTEM.webhookDelivery)
      .where(where)
      .whereIn('status', statuses)
      .update({
        status: 'pending',
        nextAttemptAt: Date.now(),
        firstAttemptAt: null,
        leaseOwner: null,
        leaseUntil: null,
        lastModifiedDate: dateTimeText(new Date()),
      });
    if (replayed > 0) signalDeliveries(primary());
    return replayed;
  };

  app.post(
    '/deliveries/:id/replay',
    {
      config: { dataSource: false },
      schema: {
        tags,
        summary: 'Send one delivery again (a dead letter, a failed or a delivered one)',
        params: IdParams,
        response: { 200: Replayed, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const found = await primary()(SYSTEM.webhookDelivery).where({ id }).first('id');
      if (!found) throw new ApiException('NOT_FOUND');
      return { replayed: await replay({ id }, ['dead', 'failed', 'delivered']) };
    },
  );

  app.post(
    '/:id/replay',
    {
      config: { dataSource: false },
      schema: {
        tags,
        summary: "Send a webhook's dead letters again",
        params: IdParams,
        response: { 200: Replayed, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const found = await primary()(SYSTEM.webhook).where({ id }).first('id');
      if (!found) throw new ApiException('NOT_FOUND');
      return { replayed: await replay({ webhookId: id }, ['dead']) };
    },
  );
};

export default webhookRoutes;
