import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { businessPermission, MAX_FLOW_RUN_KEYS } from '../../../contract/index';
import { hasPermission } from '../auth/permission';
import { SYSTEM } from '../db/table-names';
import { toBool, toNumber } from '../db/values';
import { ApiException } from '../errors/api-exception';
import { flowMessage } from '../i18n/flow-messages';
import { principalOf } from '../plugins/session';
import { errorResponses } from '../schemas/common';
import { loadRunnableFlow } from '../services/flows/execute-flow-run';
import { runButtonFlow } from '../services/flows/run-button-flow';

const tags = ['flows'];

const FlowButton = Type.Object({ id: Type.Integer(), name: Type.String() });
const RunOutcome = Type.Object({
  key: Type.String(),
  runId: Type.Integer({ description: 'the run in `flowRun`' }),
  status: Type.Union([Type.Literal('ok'), Type.Literal('failed')]),
  step: Type.Union([Type.Integer(), Type.Null()], { description: 'the failing step, 1-based' }),
  error: Type.Union([Type.String(), Type.Null()]),
});

const codesOf = (authorities: readonly { authority: string }[]) =>
  authorities.map((authority) => authority.authority);

/**
 * /api/flows (docs/api.md, flows): the buttons a table's records have, and pressing one. The flows
 * and their runs themselves are the system tables `flow` and `flowRun` of the business API. A
 * button is for whoever may read its table; its steps run as the user who pressed it, so each
 * step is allowed exactly what that user's own request would be.
 */
const flowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/buttons',
    {
      schema: {
        tags,
        summary: "The enabled button flows of a table's records (for users who may read the table)",
        querystring: Type.Object({ table: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Type.Array(FlowButton), ...errorResponses },
      },
    },
    async (request) => {
      const { table } = request.query;
      const dataSource = request.dataSource.name;
      const codes = codesOf(principalOf(request).authorities);
      if (!hasPermission(codes, businessPermission(table, 'read', dataSource))) return [];
      const rows: Record<string, unknown>[] = await app.dataSources.primary
        .knex(SYSTEM.flow)
        .where({ trigger: 'button', dataSource, tableName: table })
        .orderBy('name')
        .orderBy('id')
        .select('id', 'name', 'enabled');
      return rows
        .filter((row) => toBool(row.enabled))
        .map((row) => ({ id: toNumber(row.id), name: String(row.name) }));
    },
  );

  app.post(
    '/:id/run',
    {
      config: { dataSource: false },
      schema: {
        tags,
        summary: 'Run a button flow on records, as the caller; one run per record, in order',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        body: Type.Object({
          keys: Type.Array(Type.String({ minLength: 1, maxLength: 400 }), {
            description: 'the records, their keys as the API writes them',
          }),
        }),
        response: { 200: Type.Object({ runs: Type.Array(RunOutcome) }), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const keys = [...new Set(request.body.keys)];
      if (keys.length === 0 || keys.length > MAX_FLOW_RUN_KEYS)
        throw new ApiException('VALIDATION_ERROR', undefined, {
          keys: flowMessage('keys', { max: MAX_FLOW_RUN_KEYS }),
        });
      const flow = await loadRunnableFlow(app.flowRuntime, id);
      if (!flow) throw new ApiException('NOT_FOUND', flowMessage('notFound', { id }));
      const principal = principalOf(request);
      const codes = codesOf(principal.authorities);
      if (
        flow.tableName === null ||
        !hasPermission(codes, businessPermission(flow.tableName, 'read', flow.dataSource))
      )
        throw new ApiException('FORBIDDEN');
      if (!flow.enabled || flow.trigger !== 'button')
        throw new ApiException('CONFLICT', flowMessage('notButton', { name: flow.name.slice(0, 100) }));
      const runs = await runButtonFlow(
        app.flowRuntime,
        flow,
        { id: principal.id, username: principal.username },
        keys,
      );
      return { runs };
    },
  );
};

export default flowRoutes;
