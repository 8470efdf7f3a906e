/**
 * One run of a flow: its steps in order, each given the run's record as the step before left it.
 * A step that fails stops the run; the outcome names it (1-based), its kind and the input it had.
 * Steps that read or write records go through the business API as the run's user (`invoke`), so
 * every permission, column and row rule, check, hook, history record and webhook applies as it
 * would to that user's own request. Never throws.
 */
import { flowMessage } from '../../i18n/flow-messages';
import type { FlowStep } from './flow-steps';
import { fillValues, type StepScope } from './step-values';

/** An API call made as the run's user: what came back. */
export type FlowInvoke = (call: {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  payload?: unknown;
}) => Promise<{ status: number; body: string }>;

/** What a run starts from. */
export interface FlowStart {
  flowId: number;
  runId: number;
  trigger: string;
  dataSource: string;
  /** The flow's table; null for a flow a schedule runs. */
  table: string | null;
  /** The record's key as the API writes it (`5`, `k1=v1,k2=v2`); null without a record. */
  key: string | null;
  record: Record<string, unknown> | null;
  user: { id: number; username: string } | null;
  now: Date;
}

/** What the steps other than record writes need. */
export interface FlowServices {
  invoke: FlowInvoke;
  /** A webhook step: sends `body` (signed) and answers null or why it failed. */
  sendWebhook(step: Extract<FlowStep, { kind: 'webhook' }>, body: string): Promise<string | null>;
  /** A task step or an extension's step kind: its result text, or throws. */
  runExtension(step: FlowStep, input: Record<string, unknown>, start: FlowStart): Promise<string | null>;
}

export interface FlowOutcome {
  status: 'ok' | 'failed';
  /** The failing step (1-based), null when all ran. */
  step: number | null;
  stepKind: string | null;
  /** The failing step's input (JSON), at most 64 KiB. */
  input: string | null;
  error: string | null;
  /** What the steps did, one line each (at most 1,000 characters). */
  result: string | null;
}

const TEXT_LIMIT = 1000;
const INPUT_LIMIT = 64 * 1024;

/** The error an API answer carries: its message and the fields it names. */
export const answerError = (status: number, body: string): string => {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errors?: unknown };
    const fields =
      typeof parsed.errors === 'object' && parsed.errors !== null
        ? Object.entries(parsed.errors as Record<string, unknown>).map(
            ([field, message]) => `${field}: ${String(message)}`,
          )
        : [];
    const message = typeof parsed.message === 'string' ? parsed.message : `HTTP ${String(status)}`;
    return [message, ...fields].join('; ');
  } catch {
    return `HTTP ${String(status)}${body ? `: ${body.slice(0, 200)}` : ''}`;
  }
};

const recordPath = (start: FlowStart, table: string, key?: string): string =>
  `/api/business/${encodeURIComponent(table)}${key === undefined ? '' : `/${encodeURIComponent(key)}`}?dataSource=${encodeURIComponent(start.dataSource)}`;

/** The body a webhook step sends: the run and its record. */
export const flowWebhookBody = (
  start: FlowStart,
  record: Record<string, unknown> | null,
  flowName: string,
): string =>
  JSON.stringify({
    flowId: start.flowId,
    flow: flowName,
    runId: start.runId,
    trigger: start.trigger,
    dataSource: start.dataSource,
    table: start.table,
    key: start.key,
    record,
    user: start.user,
    at: start.now.toISOString(),
  });

/** Runs `steps` from `start`. */
export const runFlowSteps = async (
  steps: readonly FlowStep[],
  start: FlowStart,
  flowName: string,
  services: FlowServices,
): Promise<FlowOutcome> => {
  let record = start.record;
  const done: string[] = [];
  for (const [i, step] of steps.entries()) {
    const scope: StepScope = { record, user: start.user, now: start.now };
    let input: unknown = step;
    try {
      if (step.kind === 'update') {
        if (start.table === null || start.key === null)
          throw new Error(flowMessage('stepNeedsRecord', { n: i + 1 }).en);
        const values = fillValues((step as { values: Record<string, unknown> }).values, scope);
        input = { table: start.table, key: start.key, values };
        const path = recordPath(start, start.table, start.key);
        const answer = await services.invoke({ method: 'PATCH', url: path, payload: values });
        if (answer.status !== 200) throw new Error(answerError(answer.status, answer.body));
        const read = await services.invoke({ method: 'GET', url: path });
        if (read.status === 200) record = JSON.parse(read.body) as Record<string, unknown>;
        done.push(`${String(i + 1)} update ${start.table} ${start.key}`);
      } else if (step.kind === 'create') {
        const { table, values: raw } = step as { table: string; values: Record<string, unknown> };
        const values = fillValues(raw, scope);
        input = { table, values };
        const answer = await services.invoke({
          method: 'POST',
          url: recordPath(start, table),
          payload: values,
        });
        if (answer.status !== 201) throw new Error(answerError(answer.status, answer.body));
        done.push(`${String(i + 1)} create ${table} ${answer.body.replace(/^"|"$/g, '')}`);
      } else if (step.kind === 'webhook') {
        const webhook = step as Extract<FlowStep, { kind: 'webhook' }>;
        const body = flowWebhookBody(start, record, flowName);
        input = { url: webhook.url, method: webhook.method, body: JSON.parse(body) as unknown };
        const failure = await services.sendWebhook(webhook, body);
        if (failure !== null) throw new Error(failure);
        done.push(`${String(i + 1)} webhook ${webhook.method} ${webhook.url}`);
      } else {
        const given = step.kind === 'task' ? (step as { input: Record<string, unknown> }).input : { ...step };
        const filled = fillValues(given, scope);
        input = filled;
        const result = await services.runExtension(step, filled, { ...start, record });
        done.push(`${String(i + 1)} ${step.kind}${result ? `: ${result}` : ''}`);
      }
    } catch (error) {
      const text = JSON.stringify(input) ?? 'null';
      return {
        status: 'failed',
        step: i + 1,
        stepKind: step.kind.slice(0, 48),
        input: text.length > INPUT_LIMIT ? `${text.slice(0, INPUT_LIMIT - 1)}…` : text,
        error: (error instanceof Error ? error.message : String(error)).slice(0, TEXT_LIMIT),
        result: done.join('\n').slice(0, TEXT_LIMIT) || null,
      };
    }
  }
  return {
    status: 'ok',
    step: null,
    stepKind: null,
    input: null,
    error: null,
    result: done.join('\n').slice(0, TEXT_LIMIT) || null,
  };
};
