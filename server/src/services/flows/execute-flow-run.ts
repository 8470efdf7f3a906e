/**
 * Runs one claimed or new run of a flow and writes its outcome into its row: the flow's steps as
 * the run's user (the flow's owner for events, schedules and extensions' triggers; the user who
 * pressed the button for a button), from the record the run is about. Never throws.
 */
import { dateTimeText } from '../../db/clock';
import { SYSTEM } from '../../db/table-names';
import { toBool, toNumber } from '../../db/values';
import { runExtensionTask } from '../../extensions/extension-tasks';
import { loadPrincipal } from '../user-store';
import { extraHeaders } from '../webhooks/extra-headers';
import { sendWebhook } from '../webhooks/send-webhook';
import { SIGNATURE_HEADER, signWebhook } from '../webhooks/sign-webhook';
import { parseFlowSteps, type FlowStep } from './flow-steps';
import type { FlowRuntime } from './flow-runtime';
import {
  answerError,
  runFlowSteps,
  type FlowOutcome,
  type FlowServices,
  type FlowStart,
} from './run-flow-steps';

/** A flow as its runs need it. */
export interface RunnableFlow {
  id: number;
  name: string;
  dataSource: string;
  tableName: string | null;
  steps: string;
  signingSecret: string | null;
}

/** A run to do. */
export interface PendingRun {
  id: number;
  trigger: string;
  /** Whom it acts as. */
  userId: number | null;
  /** The record's key as the API writes it, if the run is about a record. */
  recordKey: string | null;
  /** The event (a webhook's body) or the extension's input, as JSON text. */
  event: string | null;
}

const TEXT_LIMIT = 1000;

const failure = (error: string): FlowOutcome => ({
  status: 'failed',
  step: null,
  stepKind: null,
  input: null,
  error: error.slice(0, TEXT_LIMIT),
  result: null,
});

/** The services the steps use, on `runtime`, acting through `invoke`. */
const servicesOf = (
  runtime: FlowRuntime,
  flow: RunnableFlow,
  invoke: FlowServices['invoke'],
): FlowServices => ({
  invoke,
  sendWebhook: async (step, body) => {
    const at = new Date();
    const answer = await sendWebhook(
      {
        url: step.url,
        method: step.method,
        headers: {
          ...extraHeaders(step.headers),
          'content-type': 'application/json',
          ...(flow.signingSecret ? { [SIGNATURE_HEADER]: signWebhook(flow.signingSecret, body, at) } : {}),
        },
        body,
        timeoutMs: runtime.webhookTimeoutMs,
      },
      runtime.allow,
    );
    if (answer.status === null) return answer.error ?? 'no answer';
    if (answer.status >= 200 && answer.status < 300) return null;
    return `HTTP ${String(answer.status)}${answer.body ? `: ${answer.body.slice(0, 200)}` : ''}`;
  },
  runExtension: async (step: FlowStep, input, start: FlowStart) => {
    const common = {
      primary: runtime.primary,
      dataSources: runtime.dataSources,
      log: runtime.log,
      user: start.user,
    };
    if (step.kind === 'task') {
      const task = String((step as { task: string }).task);
      const outcome = await runExtensionTask(runtime.tasks, task, {
        ...common,
        input: {
          ...input,
          flowId: start.flowId,
          runId: start.runId,
          table: start.table,
          key: start.key,
          record: start.record,
        },
      });
      if (outcome.status === 'failed') throw new Error(outcome.error ?? `task ${task} failed`);
      return outcome.result;
    }
    const kind = runtime.stepKinds.get(step.kind);
    if (!kind) throw new Error(`unknown step kind ${step.kind.slice(0, 48)}`);
    const result = await kind.run({
      ...common,
      step: input,
      flowId: start.flowId,
      runId: start.runId,
      dataSource: start.dataSource,
      table: start.table,
      key: start.key,
      record: start.record,
    });
    return typeof result === 'string' ? result : null;
  },
});

const eventOf = (text: string | null): { record?: unknown; key?: unknown } => {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as { record?: unknown }) : {};
  } catch {
    return {};
  }
};

/** Runs `run` of `flow` and answers its outcome (not yet written). */
export const executeFlow = async (
  runtime: FlowRuntime,
  flow: RunnableFlow,
  run: PendingRun,
  now: Date,
): Promise<FlowOutcome & { userName: string | null }> => {
  const parsed = parseFlowSteps(flow.steps, runtime.catalogue);
  if ('problem' in parsed) return { ...failure(parsed.problem.en), userName: null };
  if (run.userId === null) return { ...failure('the flow has no owner to run as'), userName: null };
  const principal = await loadPrincipal(runtime.primary, run.userId);
  if (!principal)
    return {
      ...failure(`the user ${String(run.userId)} to run as does not exist or is disabled`),
      userName: null,
    };
  const user = { id: principal.id, username: principal.username };
  const { invoke, release } = runtime.invokeAs(principal, run.id);
  try {
    let record: Record<string, unknown> | null = null;
    const event = eventOf(run.event);
    if (run.recordKey !== null && flow.tableName !== null) {
      if (run.trigger === 'event' && typeof event.record === 'object') {
        record = event.record as Record<string, unknown> | null;
      } else {
        // a button (or an extension's trigger naming a record): the record as the user reads it now
        const read = await invoke({
          method: 'GET',
          url: `/api/business/${encodeURIComponent(flow.tableName)}/${encodeURIComponent(run.recordKey)}?dataSource=${encodeURIComponent(flow.dataSource)}`,
        });
        if (read.status !== 200)
          return { ...failure(answerError(read.status, read.body)), userName: user.username };
        record = JSON.parse(read.body) as Record<string, unknown>;
      }
    } else if (typeof event.record === 'object' && event.record !== null) {
      record = event.record as Record<string, unknown>;
    }
    const outcome = await runFlowSteps(
      parsed.steps,
      {
        flowId: flow.id,
        runId: run.id,
        trigger: run.trigger,
        dataSource: flow.dataSource,
        table: flow.tableName,
        key: run.recordKey,
        record,
        user,
        now,
      },
      flow.name,
      servicesOf(runtime, flow, invoke),
    );
    return { ...outcome, userName: user.username };
  } catch (error) {
    return { ...failure(error instanceof Error ? error.message : String(error)), userName: user.username };
  } finally {
    release();
  }
};

/** Writes the outcome of run `id` (started at `started`, epoch ms) into its row. */
export const finishRun = async (
  runtime: FlowRuntime,
  id: number,
  started: number,
  outcome: FlowOutcome & { userName: string | null },
  lease: string | null,
): Promise<void> => {
  const done = new Date();
  const query = runtime.primary(SYSTEM.flowRun).where('id', id);
  if (lease !== null) query.where('leaseOwner', lease);
  await query.update({
    status: outcome.status,
    step: outcome.step,
    stepKind: outcome.stepKind,
    input: outcome.input,
    error: outcome.error,
    result: outcome.result,
    userName: outcome.userName?.slice(0, 200) ?? null,
    finishedDate: dateTimeText(done),
    durationMs: Math.max(0, done.getTime() - started),
    leaseOwner: null,
    leaseUntil: null,
    lastModifiedDate: dateTimeText(done),
  });
};

/** A flow as its runs need it, with whether it may run now. */
export type StoredFlow = RunnableFlow & { enabled: boolean; trigger: string };

const storedFlowOf = (row: Record<string, unknown>): StoredFlow => ({
  id: toNumber(row.id),
  name: String(row.name),
  dataSource: String(row.dataSource ?? 'primary'),
  tableName:
    row.tableName === null || row.tableName === undefined || row.tableName === ''
      ? null
      : String(row.tableName),
  steps: String(row.steps ?? ''),
  signingSecret: typeof row.signingSecret === 'string' && row.signingSecret !== '' ? row.signingSecret : null,
  enabled: toBool(row.enabled),
  trigger: String(row.trigger ?? ''),
});

/** The flows `ids` as their runs need them, by id, in one statement (a missing one is absent). */
export const loadRunnableFlows = async (
  runtime: FlowRuntime,
  ids: readonly number[],
): Promise<Map<number, StoredFlow>> => {
  if (ids.length === 0) return new Map();
  const rows: Record<string, unknown>[] = await runtime
    .primary(SYSTEM.flow)
    .whereIn('id', [...new Set(ids)])
    .select('id', 'name', 'dataSource', 'tableName', 'steps', 'signingSecret', 'enabled', 'trigger');
  return new Map(rows.map((row) => [toNumber(row.id), storedFlowOf(row)]));
};

/** The flow `id` as its runs need it, or undefined. */
export const loadRunnableFlow = async (runtime: FlowRuntime, id: number): Promise<StoredFlow | undefined> =>
  (await loadRunnableFlows(runtime, [id])).get(id);
