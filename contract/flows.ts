/** Manage flows: the flow table, and reading its runs. */
export const FLOW_MANAGE = 'flow:manage';

/** How a flow starts: record events of its table, a button on its records, or a schedule. */
export const FLOW_TRIGGERS = ['event', 'button', 'schedule'] as const;
export type FlowTrigger = (typeof FLOW_TRIGGERS)[number];

/** Records one button press may run a flow on, at most. */
export const MAX_FLOW_RUN_KEYS = 100;

/**
 * `GET /api/flows/buttons?table=<table>` (on the request's data source): the enabled flows with a
 * button on that table's records, for a user who may read the table.
 */
export interface FlowButton {
  id: number;
  name: string;
}

/** `POST /api/flows/{id}/run`: the records to run a button flow on, as the API writes keys. */
export interface FlowRunBody {
  keys: string[];
}

/** One record's run: `ok`, or `failed` at a step (1-based) with the reason. */
export interface FlowRunOutcome {
  key: string;
  runId: number;
  status: 'ok' | 'failed';
  step: number | null;
  error: string | null;
}

/** What `POST /api/flows/{id}/run` answers: one outcome per record, in the order given. */
export interface FlowRunResult {
  runs: FlowRunOutcome[];
}
