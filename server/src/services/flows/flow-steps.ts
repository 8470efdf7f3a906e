/**
 * A flow's steps: the JSON array saved in `cb_flow.steps`, checked when the flow is saved and read
 * again when it runs. Pure: no database, no network.
 */
import type { Localized } from '../../i18n/messages';
import { flowMessage } from '../../i18n/flow-messages';
import { isHeaderObjectText } from '../webhooks/extra-headers';
import { WEBHOOK_METHODS } from '../webhooks/webhook-rules';

/** Steps a flow may have, at most. */
export const MAX_FLOW_STEPS = 20;

/** The step kinds crudboard has; extensions add `<extension>:<kind>`. */
export const CORE_STEP_KINDS = ['update', 'create', 'webhook', 'task'] as const;

/** Set fields of the flow's record (`values`: column → value or template). */
export interface UpdateStep {
  kind: 'update';
  values: Record<string, unknown>;
}

/** Create a record in `table` of the flow's data source. */
export interface CreateStep {
  kind: 'create';
  table: string;
  values: Record<string, unknown>;
}

/** Send the run's record to `url`, signed with the flow's secret. */
export interface WebhookStep {
  kind: 'webhook';
  url: string;
  method: string;
  /** Extra headers (a JSON object text), as a webhook's. */
  headers: string | null;
}

/** Run an extension's registered task (`<extension>:<task>`) with `input`. */
export interface TaskStep {
  kind: 'task';
  task: string;
  input: Record<string, unknown>;
}

/** A step kind an extension registered: its whole object is handed to it. */
export interface ExtensionStep {
  kind: string;
  [field: string]: unknown;
}

export type FlowStep = UpdateStep | CreateStep | WebhookStep | TaskStep | ExtensionStep;

/** What a flow's steps may name: the extensions' step kinds and tasks. */
export interface StepCatalogue {
  extensionKinds: ReadonlySet<string>;
  tasks: ReadonlySet<string>;
}

const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One step checked: the step as it runs, or what is wrong with it. */
const readStep = (
  raw: unknown,
  n: number,
  catalogue: StepCatalogue,
): { step: FlowStep } | { problem: Localized } => {
  if (!isObject(raw) || typeof raw.kind !== 'string')
    return { problem: flowMessage('stepsJson', { max: MAX_FLOW_STEPS }) };
  const field = (name: string, reason: string) => ({
    problem: flowMessage('stepField', { n, field: name, reason }),
  });
  const values = () =>
    isObject(raw.values) && Object.keys(raw.values).length > 0
      ? null
      : { problem: flowMessage('stepValues', { n }) };
  switch (raw.kind) {
    case 'update':
      return values() ?? { step: { kind: 'update', values: raw.values as Record<string, unknown> } };
    case 'create':
      if (typeof raw.table !== 'string' || !TABLE_NAME.test(raw.table)) return field('table', 'a table name');
      return (
        values() ?? {
          step: { kind: 'create', table: raw.table, values: raw.values as Record<string, unknown> },
        }
      );
    case 'webhook': {
      if (typeof raw.url !== 'string' || raw.url.trim() === '' || raw.url.length > 2000)
        return field('url', 'an http(s) URL');
      const method = raw.method === undefined ? 'POST' : String(raw.method).toUpperCase();
      if (!WEBHOOK_METHODS.includes(method)) return field('method', WEBHOOK_METHODS.join(', '));
      const headers =
        raw.headers === undefined || raw.headers === null
          ? null
          : typeof raw.headers === 'string'
            ? raw.headers
            : JSON.stringify(raw.headers);
      if (headers !== null && !isHeaderObjectText(headers))
        return field('headers', 'an object of header names and text values');
      return { step: { kind: 'webhook', url: raw.url.trim(), method, headers } };
    }
    case 'task':
      if (typeof raw.task !== 'string' || !catalogue.tasks.has(raw.task))
        return field('task', `one of ${[...catalogue.tasks].join(', ') || '(none)'}`);
      if (raw.input !== undefined && !isObject(raw.input)) return field('input', 'an object');
      return {
        step: { kind: 'task', task: raw.task, input: (raw.input as Record<string, unknown>) ?? {} },
      };
    default:
      if (catalogue.extensionKinds.has(raw.kind)) return { step: raw as ExtensionStep };
      return {
        problem: flowMessage('stepKind', {
          n,
          kind: raw.kind.slice(0, 48),
          values: [...CORE_STEP_KINDS, ...catalogue.extensionKinds].join(', '),
        }),
      };
  }
};

/**
 * The steps of `text` (a JSON array of 1 to MAX_FLOW_STEPS step objects), or the first thing
 * wrong with them, naming the step (1-based).
 */
export const parseFlowSteps = (
  text: unknown,
  catalogue: StepCatalogue,
): { steps: FlowStep[] } | { problem: Localized } => {
  let raw: unknown;
  try {
    raw = typeof text === 'string' ? JSON.parse(text) : text;
  } catch {
    raw = undefined;
  }
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_FLOW_STEPS)
    return { problem: flowMessage('stepsJson', { max: MAX_FLOW_STEPS }) };
  const steps: FlowStep[] = [];
  for (const [i, one] of raw.entries()) {
    const read = readStep(one, i + 1, catalogue);
    if ('problem' in read) return read;
    steps.push(read.step);
  }
  return { steps };
};
