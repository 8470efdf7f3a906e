import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { hasPermission } from '../../auth/permission';
import { dateTimeText } from '../../db/clock';
import type { MetaDb } from '../../db/metadata-home';
import { SYSTEM } from '../../db/table-names';
import { changeAuthor } from './change-author';
import { signalDeliveries } from './delivery-signal';
import { listeningWebhooks, listensToSchema, type ListeningWebhook } from './enabled-webhooks';
import { loadOwnerView } from './webhook-owner-view';
import { webhookBody, type SchemaObject, type WebhookPayload } from './webhook-payload';

/** One table (with its columns and indexes), relation or sequence as a schema event carries it. */
export interface SchemaItem {
  object: SchemaObject;
  id: number;
  /** Its name: the event's key. */
  name: string;
  /** The table it is filed under (a relation: its from-table; a sequence: none). */
  table: string | null;
  /** The table names a webhook may list to hear of it (a relation: both of its tables). */
  names: readonly string[];
  /** Its metadata, as the metadata API answers it. */
  value: Record<string, unknown>;
}

/** Delivery rows inserted per statement. */
const CHUNK = 500;

interface SchemaChange {
  change: 'create' | 'update' | 'delete';
  item: SchemaItem;
  previous: SchemaItem | null;
}

const itemKey = (item: SchemaItem): string => `${item.object}:${String(item.id)}`;

/** What was created, changed or deleted between two readings of the same items. */
const changesBetween = (before: readonly SchemaItem[], after: readonly SchemaItem[]): SchemaChange[] => {
  const old = new Map(before.map((item) => [itemKey(item), item]));
  const seen = new Set<string>();
  const changes: SchemaChange[] = [];
  for (const item of after) {
    const key = itemKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    const was = old.get(key);
    if (!was) changes.push({ change: 'create', item, previous: null });
    else if (JSON.stringify(was.value) !== JSON.stringify(item.value))
      changes.push({ change: 'update', item, previous: was });
  }
  for (const [key, was] of old)
    if (!seen.has(key)) changes.push({ change: 'delete', item: was, previous: was });
  return changes;
};

/** The enabled webhooks listening to schema changes of the data source at all. */
const schemaWebhooks = async (meta: MetaDb): Promise<ListeningWebhook[]> =>
  (await listeningWebhooks(meta.db)).filter(
    (webhook) => webhook.dataSource === meta.dataSource && webhook.actions.has('schema'),
  );

/**
 * Inserts the delivery rows of `changes` in `meta`'s transaction (`primary`): one per change and
 * webhook listening to it whose owner may read metadata (`metadata:read`). Answers how many.
 */
const appendSchemaEvents = async (
  meta: MetaDb,
  webhooks: readonly ListeningWebhook[],
  changes: readonly SchemaChange[],
): Promise<number> => {
  const at = new Date();
  const stamp = dateTimeText(at);
  const user = changeAuthor();
  const readers = new Map<number | null, Promise<boolean>>();
  const mayRead = (webhook: ListeningWebhook): Promise<boolean> => {
    let reads = readers.get(webhook.ownerId);
    if (!reads) {
      reads = loadOwnerView(meta.db, webhook.ownerId, meta.dataSource).then(
        (view) => view.authorities === null || hasPermission(view.authorities, 'metadata:read'),
      );
      readers.set(webhook.ownerId, reads);
    }
    return reads;
  };
  const rows: Record<string, unknown>[] = [];
  for (const { change, item, previous } of changes) {
    const names = [...new Set([...item.names, ...(previous?.names ?? [])])];
    const listening = webhooks.filter((webhook) => listensToSchema(webhook, meta.dataSource, names));
    if (listening.length === 0) continue;
    const eventId = randomUUID();
    const payload: WebhookPayload = {
      eventId,
      action: 'schema',
      change,
      object: item.object,
      table: item.table,
      dataSource: meta.dataSource,
      key: { name: item.name },
      record: change === 'delete' ? null : item.value,
      previous: previous?.value ?? null,
      user,
      at: at.toISOString(),
    };
    const body = webhookBody(payload);
    for (const webhook of listening) {
      if (!(await mayRead(webhook))) continue;
      rows.push({
        webhookId: webhook.id,
        eventId,
        dataSource: meta.dataSource,
        tableName: (item.table ?? '').slice(0, 64),
        // one queue per table, relation or sequence, whatever its name becomes
        recordKey: itemKey(item),
        action: 'schema',
        status: 'pending',
        attempts: 0,
        payload: body,
        nextAttemptAt: at.getTime(),
        createdDate: stamp,
        lastModifiedDate: stamp,
      });
    }
  }
  for (let first = 0; first < rows.length; first += CHUNK)
    await meta.db(SYSTEM.webhookDelivery).insert(rows.slice(first, first + CHUNK));
  return rows.length;
};

/**
 * Runs `work`, a write of metadata in `meta`'s transaction of `primary`, and appends a `schema`
 * event for every table, relation or sequence it created, changed or deleted, in that same
 * transaction: a change that rolls back leaves no event, a committed one has its events.
 * `read(undefined)` reads the items `work` may change as they were; `read(result)` the same items
 * and those `work` created, as they are after it. Without a webhook listening to schema changes of
 * the data source, it reads nothing. The delivery loop is woken once the transaction commits.
 */
export const withSchemaEvents = async <T>(
  meta: MetaDb,
  read: (result: T | undefined) => Promise<SchemaItem[]>,
  work: () => Promise<T>,
): Promise<T> => {
  const webhooks = await schemaWebhooks(meta);
  if (webhooks.length === 0) return work();
  const before = await read(undefined);
  const result = await work();
  const after = await read(result);
  const appended = await appendSchemaEvents(meta, webhooks, changesBetween(before, after));
  if (appended > 0) {
    const { db } = meta;
    const committed: Promise<unknown> = db.isTransaction
      ? (db as Knex.Transaction).executionPromise
      : Promise.resolve();
    committed.then(
      () => signalDeliveries(db),
      () => undefined,
    );
  }
  return result;
};
