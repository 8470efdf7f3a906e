/**
 * A button flow run on records a user chose: one run per record, one after another, each as that
 * user (their permissions and rules apply to every step), recorded in `cb_flow_run` like any run.
 * Answers each record's outcome in the order given.
 */
import type { FlowRunOutcome } from '../../../../contract/flows';
import { dateTimeText } from '../../db/clock';
import { insertReturningId } from '../../db/insert-returning-id';
import { SYSTEM } from '../../db/table-names';
import { executeFlow, finishRun, type RunnableFlow } from './execute-flow-run';
import type { FlowRuntime } from './flow-runtime';

export const runButtonFlow = async (
  runtime: FlowRuntime,
  flow: RunnableFlow,
  user: { id: number; username: string },
  keys: readonly string[],
): Promise<FlowRunOutcome[]> => {
  const outcomes: FlowRunOutcome[] = [];
  for (const key of keys) {
    const started = Date.now();
    const stamp = dateTimeText(new Date(started));
    const runId = await insertReturningId(runtime.primary, SYSTEM.flowRun, {
      flowId: flow.id,
      trigger: 'button',
      dataSource: flow.dataSource,
      tableName: flow.tableName,
      recordKey: key.slice(0, 400),
      status: 'running',
      userId: user.id,
      userName: user.username.slice(0, 200),
      startedDate: stamp,
      createdDate: stamp,
      lastModifiedDate: stamp,
    });
    const outcome = await executeFlow(
      runtime,
      flow,
      { id: runId, trigger: 'button', userId: user.id, recordKey: key, event: null },
      new Date(started),
    );
    await finishRun(runtime, runId, started, outcome, null);
    outcomes.push({ key, runId, status: outcome.status, step: outcome.step, error: outcome.error });
  }
  return outcomes;
};
