import { randomUUID } from 'node:crypto';
import { PRIMARY } from '../../config';
import { dateTimeText } from '../../db/clock';
import { SYSTEM } from '../../db/table-names';
import { revisionKey, type RecordChange } from '../history/revision-log';
import type { WriteContext } from '../items/write-context';
import { conditionParser, lastValues, readChangedRecords } from './changed-records';
import { listensTo, listensToAccounts, type ListeningWebhook } from './enabled-webhooks';
import { recordMeets } from './record-meets';
import { accountActionOf, webhookActionOf } from './webhook-actions';
import { loadOwnerView, ownerColumns, type OwnerView } from './webhook-owner-view';
import { recordAndPrevious, webhookBody, type WebhookPayload } from './webhook-payload';

/** Delivery rows inserted per statement. */
const CHUNK = 500;

/**
 * The outbox: for every change of this write that an enabled webhook listens to (its data source,
 * table and action, and its condition on the record), one delivery row in `primary`, inserted in
 * the writer's transaction (so a rolled-back write leaves none and a committed one has them all).
 * The body is made now, from the record as this transaction sees it, with the columns the
 * webhook's owner may read. Of crudboard's own tables, only users and their roles (`user`), roles
 * and table permissions (`permission`) send events, to the webhooks subscribed to those actions
 * whatever their data source and tables. Answers how many rows it wrote.
 */
export const appendWebhookEvents = async (
  write: WriteContext,
  webhooks: readonly ListeningWebhook[],
  changes: readonly RecordChange[],
  owners: ReadonlyMap<number | null, OwnerView> = new Map(),
): Promise<number> => {
  const wanted = changes.flatMap((change) => {
    if (change.item.keys.length === 0) return [];
    if (change.item.table.systemable === true) {
      const account = write.dataSource === PRIMARY ? accountActionOf(change.item.table.name) : null;
      const listening = account ? webhooks.filter((webhook) => listensToAccounts(webhook, account)) : [];
      return listening.length > 0 ? [{ change, listening, account }] : [];
    }
    const action = webhookActionOf(change.action);
    const listening = webhooks.filter((webhook) =>
      listensTo(webhook, write.dataSource, change.item.table.name, action),
    );
    return listening.length > 0 ? [{ change, listening, account: null }] : [];
  });
  if (wanted.length === 0) return 0;
  // the records as they are now, table by table
  const records = await readChangedRecords(
    write,
    wanted.map(({ change }) => change),
  );

  const primary = await write.primary();
  const views = new Map<number | null, Promise<OwnerView>>();
  const viewOf = (webhook: ListeningWebhook) => {
    let view = views.get(webhook.ownerId);
    if (!view) {
      // read before the transaction (`owners`); a webhook enabled since, in it
      const known = owners.get(webhook.ownerId);
      view = known ? Promise.resolve(known) : loadOwnerView(primary, webhook.ownerId, write.dataSource);
      views.set(webhook.ownerId, view);
    }
    return view;
  };
  const conditionOf = conditionParser();

  const at = write.now;
  const origin = write.origin;
  const stamp = dateTimeText(at);
  const rows: Record<string, unknown>[] = [];
  for (const { change, listening, account } of wanted) {
    const { item } = change;
    const after = records.after(change);
    const eventId = randomUUID();
    // a condition tests the record as it is now, or as it was last (a hard-deleted one)
    const tested = after ?? lastValues(change);
    for (const webhook of listening) {
      const condition = conditionOf(webhook, item);
      if (condition === false || (condition && !recordMeets(condition, tested, item.query, write.dialect)))
        continue;
      const columns = ownerColumns(await viewOf(webhook), item, write.dataSource);
      if (!columns) continue;
      const payload: WebhookPayload = {
        eventId,
        // a user or permission event says what happened to the row in `change`
        ...(account ? { action: account, change: change.action } : { action: change.action }),
        table: item.table.name,
        dataSource: write.dataSource,
        key: change.key,
        ...recordAndPrevious(change.action, after, change.changes, columns),
        user: {
          id: write.userId || null,
          username: origin?.username ?? null,
          name: origin?.userName ?? null,
        },
        at: at.toISOString(),
      };
      rows.push({
        webhookId: webhook.id,
        eventId,
        dataSource: write.dataSource,
        tableName: item.table.name,
        recordKey: revisionKey(item, change.key),
        action: account ?? change.action,
        status: 'pending',
        attempts: 0,
        payload: webhookBody(payload),
        nextAttemptAt: at.getTime(),
        createdDate: stamp,
        lastModifiedDate: stamp,
      });
    }
  }
  for (let first = 0; first < rows.length; first += CHUNK)
    await primary(SYSTEM.webhookDelivery).insert(rows.slice(first, first + CHUNK));
  return rows.length;
};
