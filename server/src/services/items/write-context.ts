import type { Knex } from 'knex';
import { metaOf } from '../../db/metadata-home';
import { EXTENSION_ORIGIN, RevisionLog, type RecordChange } from '../history/revision-log';
import type { StoredTable } from '../metadata-rows';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { itemTableCache } from './load-item-table';
import { mapDbError } from './map-db-error';
import { withCertificationRetry } from '../../db/certification-retry';
import { writeChildren } from './write-children';
import { appendWebhookEvents } from '../webhooks/append-webhook-events';
import { signalDeliveries } from '../webhooks/delivery-signal';
import { listeningWebhooks } from '../webhooks/enabled-webhooks';
import { loadOwnerViews } from '../webhooks/webhook-owner-view';
import { appendFlowRuns, listeningFlows } from '../flows/event-flows';

/** An items write in progress: one transaction, one clock reading, the tables it reached. */
export interface WriteContext extends ItemContext {
  db: Knex.Transaction;
  /**
   * Where crudboard and extensions keep their own records of this write (an activity log...):
   * `primary`. On `primary` it is `db` itself; on another data source, a transaction of `primary`
   * opened on first call and committed just before `db` (rolled back with it when the write fails).
   */
  primary(): Promise<Knex.Transaction>;
  now: Date;
  /** A table reached through a relation, loaded inside the transaction (once). */
  tableById(id: number): Promise<ItemTable>;
  /**
   * Writes the children given under a relation of a record just written (write-children.ts);
   * handed to the record writers here so that they and the child writer do not import each other.
   */
  writeChildren: typeof writeChildren;
  /**
   * Reports what a record write changed: one revision of record history, inserted in `primary`
   * at the end of the write, before it commits (services/history/). Every writer of records calls it.
   */
  changed(change: RecordChange): void;
  /** The revisions collected so far: a savepoint that rolls back drops its own (`truncate`). */
  revisions: RevisionLog;
}

/**
 * Runs a write in one transaction: everything or nothing, ending with the `beforeCommit` hooks of
 * the tables it reached (crudboard's own: a super admin remains) and the revisions of record
 * history it collected (one change record, written in the writer's transaction). A constraint violation of the
 * database becomes the 409 / 400 it stands for, naming the column when the driver says which.
 */
export const runWrite = async <T>(
  context: ItemContext,
  item: ItemTable,
  work: (write: WriteContext) => Promise<T>,
): Promise<T> => {
  const reached = new Map<number, StoredTable>([[item.table.id, item.table]]);
  let beside: Promise<Knex.Transaction> | undefined;
  let committed: RevisionLog | undefined;
  const primaryDb = metaOf(context.db).db;
  // the enabled webhooks (kept in memory): with any, the write keeps its changes for the outbox
  const webhooks = await listeningWebhooks(primaryDb);
  const owners =
    webhooks.length > 0 ? await loadOwnerViews(primaryDb, webhooks, context.dataSource) : undefined;
  // likewise the enabled event flows, unless a flow's step writes (flows do not start flows)
  const flows = context.viaFlow === true ? [] : await listeningFlows(primaryDb);
  let appended = 0;
  let runs = 0;
  const besideNow = () => beside;
  const attempt = async (): Promise<T> => {
    reached.clear();
    reached.set(item.table.id, item.table);
    beside = undefined;
    appended = 0;
    runs = 0;
    try {
      return await context.db.transaction(async (trx) => {
        const load = itemTableCache(trx);
        const home = metaOf(trx);
        const now = new Date();
        const revisions = new RevisionLog(
          {
            dataSource: context.dataSource,
            userId: context.userId,
            origin: context.origin ?? EXTENSION_ORIGIN,
          },
          now,
          (kept) => webhooks.length > 0 || flows.length > 0 || context.hooks.waitsForCommit(kept.table),
        );
        committed = revisions;
        const write: WriteContext = {
          ...context,
          db: trx,
          primary: async () => {
            if (home.sameHandle) return trx;
            beside ??= home.db.transaction();
            return beside;
          },
          now,
          tableById: async (id) => {
            const table = await load(id);
            reached.set(id, table.table);
            return table;
          },
          writeChildren,
          changed: (change) => revisions.add(change),
          revisions,
        };
        const result = await work(write);
        await write.hooks.runBeforeCommit({ write, tables: [...reached.values()] });
        if (webhooks.length > 0)
          appended = await appendWebhookEvents(write, webhooks, revisions.changes(), owners);
        if (flows.length > 0) runs = await appendFlowRuns(write, flows, revisions.changes());
        await revisions.flush(write.primary);
        if (beside) await (await beside).commit();
        return result;
      });
    } catch (error) {
      // (read through a function: the callback above may have set it since the reset)
      const open = await besideNow()?.catch(() => undefined);
      if (open && !open.isCompleted()) await open.rollback().catch(() => undefined);
      throw mapDbError(error, [...reached.values()]) ?? error;
    }
  };
  // Run again when it lost to a concurrent write (a Galera node's certification, a deadlock),
  // unless it ran inside a caller's transaction (that one is rolled back too) or had opened one
  // on primary beside it (committed before `db`: running again would write that part twice).
  const result = await withCertificationRetry(
    attempt,
    () => !context.db.isTransaction && besideNow() === undefined,
    context.audit?.log,
  );
  if (appended > 0) signalDeliveries(primaryDb);
  if (runs > 0) signalDeliveries(primaryDb, 'flowRuns');
  // Committed. A write run inside a caller's own transaction has not committed yet and calls no
  // afterCommit hook (no route writes so; the caller's transaction is not watched).
  // Only when a hook waits for them: most writes have none, and skip collecting the changes.
  const changes = context.hooks.afterCommit ? (committed?.changes() ?? []) : [];
  if (changes.length > 0 && !context.db.isTransaction) {
    const origin = context.origin ?? EXTENSION_ORIGIN;
    await context.hooks.runAfterCommit({
      dataSource: context.dataSource,
      userId: context.userId,
      userName: origin.userName,
      requestId: origin.requestId,
      at: committed?.at ?? new Date(),
      changes,
    });
  }
  return result;
};
