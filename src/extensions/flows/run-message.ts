import type { FlowRunOutcome, FlowRunResult } from '../../../contract';

/** Failed records a message names one by one; the rest are counted. */
export const MAX_FAILURE_LINES = 5;

/** What a run's message says: its kind, a first line, and one line per failed record. */
export interface FlowRunMessage {
  type: 'success' | 'warning';
  title: string;
  lines: string[];
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

const outcomesOf = (result: unknown): FlowRunOutcome[] => {
  const runs = (result as Partial<FlowRunResult> | null | undefined)?.runs;
  return Array.isArray(runs)
    ? runs.filter((run): run is FlowRunOutcome => typeof run === 'object' && run !== null)
    : [];
};

/** One failed record: its key, the step that failed (1-based) and the server's reason. */
const failureLine = (run: FlowRunOutcome, t: Translate): string => {
  const error =
    typeof run.error === 'string' && run.error.trim() !== '' ? run.error : t('ext.flows.noReason');
  return typeof run.step === 'number'
    ? t('ext.flows.failedAtStep', { key: run.key, step: run.step, error })
    : t('ext.flows.failedRecord', { key: run.key, error });
};

/**
 * The message after a flow ran on some records (`POST /api/flows/{id}/run`): every record ok →
 * success, 流程「X」已运行：3 条记录成功; some failed → a warning with how many of each, then the
 * failed records (key: step N: reason), the first few of them.
 */
export const flowRunMessage = (name: string, result: unknown, t: Translate): FlowRunMessage => {
  const runs = outcomesOf(result);
  const failed = runs.filter((run) => run.status !== 'ok');
  const ok = runs.length - failed.length;
  if (failed.length === 0)
    return { type: 'success', title: t('ext.flows.ran', { name, count: ok }), lines: [] };
  const lines = failed.slice(0, MAX_FAILURE_LINES).map((run) => failureLine(run, t));
  const more = failed.length - MAX_FAILURE_LINES;
  if (more > 0) lines.push(t('ext.flows.moreFailures', { count: more }));
  return {
    type: 'warning',
    title: t('ext.flows.ranPartly', { name, ok, failed: failed.length }),
    lines,
  };
};
