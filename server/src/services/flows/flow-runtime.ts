import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../../../contract/index';
import type { Knex } from 'knex';
import type { ExtensionFlowStep } from '../../extensions/extension-flows';
import type { TaskRegistry } from '../../extensions/extension-tasks';
import type { DataSourceRegistry } from '../../plugins/db';
import type { WebhookAllowList } from '../webhooks/webhook-allow-list';
import type { FlowCatalogue } from './flow-rules';
import type { FlowInvoke } from './run-flow-steps';

/** What running a flow needs of its server (the flow-runner plugin makes one). */
export interface FlowRuntime {
  primary: Knex;
  dataSources: DataSourceRegistry;
  log: FastifyBaseLogger;
  /** Where webhook steps may go although private (`WEBHOOK_ALLOW_PRIVATE`). */
  allow: WebhookAllowList;
  /** One webhook step's time limit (`WEBHOOK_TIMEOUT_MS`). */
  webhookTimeoutMs: number;
  tasks: TaskRegistry;
  stepKinds: ReadonlyMap<string, ExtensionFlowStep>;
  catalogue: FlowCatalogue;
  /** The server's own API as `principal`, for run `runId` (its writes start no flow). */
  invokeAs(principal: Principal, runId: number): { invoke: FlowInvoke; release(): void };
}
