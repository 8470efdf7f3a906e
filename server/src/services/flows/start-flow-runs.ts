/**
 * Starts flows from outside a record write: a schedule running its flow, or an extension firing
 * one of its triggers. Each enabled flow with that trigger gets a pending run (acting as its
 * owner), run by the flow runner of some server soon after. Answers the runs' ids.
 */
import type { Knex } from 'knex';
import { dateTimeText } from '../../db/clock';
import { insertReturningId } from '../../db/insert-returning-id';
import { SYSTEM } from '../../db/table-names';
import { toBool, toNumber } from '../../db/values';
import { signalDeliveries } from '../webhooks/delivery-signal';

/** What a started run is about: a record of the flow's table (its key as the API writes it), or input. */
export interface FlowStartInput {
  /** The record's key, when the run is about one of the flow's table's records. */
  key?: string;
  /** Anything the steps may use as `{{field}}` (the record, or the trigger's input). */
  record?: Record<string, unknown>;
}

const MAX_EVENT = 256 * 1024;

/** Pending runs of the enabled flows `which` selects (a flow id, or a trigger name). */
export const startFlowRuns = async (
  primary: Knex,
  which: { flowId: number } | { trigger: string },
  trigger: string,
  input: FlowStartInput = {},
): Promise<number[]> => {
  const query = primary(SYSTEM.flow).select('id', 'ownerId', 'enabled', 'dataSource', 'tableName');
  if ('flowId' in which) query.where('id', which.flowId);
  else query.where('trigger', which.trigger);
  const flows = ((await query) as Record<string, unknown>[]).filter((row) => toBool(row.enabled));
  if (flows.length === 0) return [];
  const stamp = dateTimeText(new Date());
  const event = JSON.stringify({
    trigger,
    key: input.key ?? null,
    record: input.record ?? null,
    at: new Date().toISOString(),
  });
  const ids: number[] = [];
  for (const flow of flows) {
    ids.push(
      await insertReturningId(primary, SYSTEM.flowRun, {
        flowId: toNumber(flow.id),
        trigger: trigger.slice(0, 48),
        dataSource: flow.dataSource,
        tableName: flow.tableName,
        recordKey: input.key?.slice(0, 400) ?? null,
        status: 'pending',
        event: event.length > MAX_EVENT ? null : event,
        userId: flow.ownerId,
        createdDate: stamp,
        lastModifiedDate: stamp,
      }),
    );
  }
  signalDeliveries(primary, 'flowRuns');
  return ids;
};
