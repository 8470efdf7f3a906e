/**
 * One round of the flow runs waiting in the outbox on this server: claims up to `batch` pending
 * runs with a lease (a conditional update: of several servers, exactly one claims a run), runs
 * them, and writes each outcome. Only the oldest unfinished run of each flow and record is due, so
 * a record's runs happen in the order of its writes. A run is never started twice: one whose
 * server died while running it (its lease ran out) is marked failed, since its steps may have
 * partly run. Answers how many it claimed.
 */
import { dateTimeText } from '../../db/clock';
import { SYSTEM } from '../../db/table-names';
import { toNumber } from '../../db/values';
import { executeFlow, finishRun, loadRunnableFlows } from './execute-flow-run';
import type { FlowRuntime } from './flow-runtime';

/** How long a claimed round may take before another server counts its runs as interrupted. */
export const FLOW_LEASE_MS = 10 * 60_000;

const UNFINISHED = ['pending', 'running'];

let rounds = 0;

/** Runs left `running` by a server that died: failed, with the reason. */
const failInterrupted = async (runtime: FlowRuntime, now: number): Promise<void> => {
  const stamp = dateTimeText(new Date(now));
  await runtime
    .primary(SYSTEM.flowRun)
    .where('status', 'running')
    .whereNotNull('leaseUntil')
    .where('leaseUntil', '<', now)
    .update({
      status: 'failed',
      error: 'the server running this flow stopped before it finished; its steps may have partly run',
      finishedDate: stamp,
      leaseOwner: null,
      leaseUntil: null,
      lastModifiedDate: stamp,
    });
};

export const runDueFlows = async (
  runtime: FlowRuntime,
  settings: { instance: string; batch: number },
): Promise<number> => {
  const now = Date.now();
  await failInterrupted(runtime, now);
  const heads: { id: unknown }[] = await runtime
    .primary(`${SYSTEM.flowRun} as r`)
    .where('r.status', 'pending')
    .whereNotExists((earlier) =>
      earlier
        .from(`${SYSTEM.flowRun} as e`)
        .whereRaw('e.?? = r.??', ['flowId', 'flowId'])
        .whereRaw('e.?? = r.??', ['recordKey', 'recordKey'])
        .whereRaw('e.?? < r.??', ['id', 'id'])
        .whereIn('e.status', UNFINISHED),
    )
    .orderBy('r.id')
    .limit(settings.batch)
    .select('r.id');
  if (heads.length === 0) return 0;
  rounds += 1;
  const lease = `${settings.instance}:${String(rounds)}`.slice(0, 64);
  const stamp = dateTimeText(new Date(now));
  await runtime
    .primary(SYSTEM.flowRun)
    .whereIn(
      'id',
      heads.map((head) => toNumber(head.id)),
    )
    .where('status', 'pending')
    .update({
      status: 'running',
      leaseOwner: lease,
      leaseUntil: now + FLOW_LEASE_MS,
      startedDate: stamp,
      lastModifiedDate: stamp,
    });
  const claimed: Record<string, unknown>[] = await runtime
    .primary(SYSTEM.flowRun)
    .where('leaseOwner', lease)
    .orderBy('id')
    .select('id', 'flowId', 'trigger', 'userId', 'recordKey', 'event');
  const flows = await loadRunnableFlows(
    runtime,
    claimed.map((row) => toNumber(row.flowId)),
  );
  for (const row of claimed) {
    const started = Date.now();
    const id = toNumber(row.id);
    const flow = flows.get(toNumber(row.flowId));
    const outcome = flow?.enabled
      ? await executeFlow(
          runtime,
          flow,
          {
            id,
            trigger: String(row.trigger),
            userId: row.userId === null || row.userId === undefined ? null : toNumber(row.userId),
            recordKey: typeof row.recordKey === 'string' ? row.recordKey : null,
            event: typeof row.event === 'string' ? row.event : null,
          },
          new Date(started),
        )
      : {
          status: 'failed' as const,
          step: null,
          stepKind: null,
          input: null,
          error: flow ? 'the flow was disabled before this run started' : 'the flow no longer exists',
          result: null,
          userName: null,
        };
    await finishRun(runtime, id, started, outcome, lease);
  }
  return claimed.length;
};
