/**
 * Flows started by record events: the enabled ones kept in memory (as webhooks are), and their
 * runs appended to `cb_flow_run` as `pending` in the writer's transaction, the same outbox the
 * webhooks use: a rolled-back write leaves no run, a committed one has them all. A write made by a
 * flow's step starts no flow (no loop of flows; webhooks still hear of it).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { dateTimeText } from '../../db/clock';
import { SYSTEM } from '../../db/table-names';
import { toBool, toNumber } from '../../db/values';
import { revisionKey, type RecordChange } from '../history/revision-log';
import type { WriteContext } from '../items/write-context';
import { conditionParser, lastValues, readChangedRecords } from '../webhooks/changed-records';
import { recordMeets } from '../webhooks/record-meets';
import { listOf, webhookActionOf, type RecordAction } from '../webhooks/webhook-actions';
import { loadOwnerView, ownerColumns } from '../webhooks/webhook-owner-view';
import { recordAndPrevious, webhookBody } from '../webhooks/webhook-payload';

/** An enabled flow with an event trigger, as the writers match changes against it. */
export interface EventFlow {
  id: number;
  dataSource: string;
  table: string;
  actions: ReadonlySet<RecordAction>;
  condition: string | null;
  ownerId: number | null;
}

const RECORD_ACTIONS: ReadonlySet<string> = new Set(['create', 'update', 'delete', 'restore']);

/** How long a list read is trusted (another server's change reaches this one within it). */
const TRUSTED_MS = 1000;

const lists = new WeakMap<object, { at: number; flows: Promise<readonly EventFlow[]> }>();

const keyOf = (primary: Knex): object => primary.client.config as object;

const parse = (row: Record<string, unknown>): EventFlow => ({
  id: toNumber(row.id),
  dataSource: String(row.dataSource ?? 'primary'),
  table: String(row.tableName ?? ''),
  actions: new Set(listOf(row.actions).filter((action) => RECORD_ACTIONS.has(action)) as RecordAction[]),
  condition: typeof row.condition === 'string' && row.condition.trim() !== '' ? row.condition : null,
  ownerId: row.ownerId === null || row.ownerId === undefined ? null : toNumber(row.ownerId),
});

/** The enabled event flows (in `primary`), read at most once a second per database. */
export const listeningFlows = (primary: Knex): Promise<readonly EventFlow[]> => {
  const key = keyOf(primary);
  const kept = lists.get(key);
  const now = Date.now();
  if (kept && now - kept.at < TRUSTED_MS) return kept.flows;
  const flows = primary(SYSTEM.flow)
    .where('trigger', 'event')
    .select('id', 'dataSource', 'tableName', 'actions', 'condition', 'ownerId', 'enabled')
    .then((rows: Record<string, unknown>[]) => rows.filter((row) => toBool(row.enabled)).map(parse));
  lists.set(key, { at: now, flows });
  flows.catch(() => lists.delete(key));
  return flows;
};

/** Forgets the kept list of `primary`'s event flows (a flow was written here). */
export const forgetFlows = (primary: Knex): void => {
  lists.delete(keyOf(primary));
};

/**
 * For every change of this write an event flow answers (its data source, table, action and
 * condition), one pending run in `primary`, in the writer's transaction. The run carries the
 * event as a webhook's body, with the columns the flow's owner may read (the run acts as them);
 * an owner who may not read the table starts no run. Answers how many runs it appended.
 */
export const appendFlowRuns = async (
  write: WriteContext,
  flows: readonly EventFlow[],
  changes: readonly RecordChange[],
): Promise<number> => {
  const wanted = changes.flatMap((change) => {
    if (change.item.table.systemable === true || change.item.keys.length === 0) return [];
    const action = webhookActionOf(change.action);
    const listening = flows.filter(
      (flow) =>
        flow.dataSource === write.dataSource &&
        flow.table === change.item.table.name &&
        flow.actions.has(action),
    );
    return listening.length > 0 ? [{ change, listening }] : [];
  });
  if (wanted.length === 0) return 0;
  const records = await readChangedRecords(
    write,
    wanted.map(({ change }) => change),
  );

  const primary = await write.primary();
  const conditionOf = conditionParser();

  const at = write.now;
  const stamp = dateTimeText(at);
  const rows: Record<string, unknown>[] = [];
  for (const { change, listening } of wanted) {
    const { item } = change;
    const after = records.after(change);
    const tested = after ?? lastValues(change);
    const eventId = randomUUID();
    for (const flow of listening) {
      const condition = conditionOf(flow, item);
      if (condition === false || (condition && !recordMeets(condition, tested, item.query, write.dialect)))
        continue;
      const columns = ownerColumns(
        await loadOwnerView(primary, flow.ownerId, write.dataSource),
        item,
        write.dataSource,
      );
      if (!columns) continue;
      const body = webhookBody({
        eventId,
        action: change.action,
        table: item.table.name,
        dataSource: write.dataSource,
        key: change.key,
        ...recordAndPrevious(change.action, after, change.changes, columns),
        user: {
          id: write.userId || null,
          username: write.origin?.username ?? null,
          name: write.origin?.userName ?? null,
        },
        at: at.toISOString(),
      });
      rows.push({
        flowId: flow.id,
        trigger: 'event',
        eventId,
        dataSource: write.dataSource,
        tableName: item.table.name,
        recordKey: revisionKey(item, change.key),
        status: 'pending',
        event: body,
        userId: flow.ownerId,
        createdDate: stamp,
        lastModifiedDate: stamp,
      });
    }
  }
  for (let first = 0; first < rows.length; first += 500)
    await primary(SYSTEM.flowRun).insert(rows.slice(first, first + 500));
  return rows.length;
};
