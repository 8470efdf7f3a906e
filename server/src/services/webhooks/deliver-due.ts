import type { Knex } from 'knex';
import { dateTimeText } from '../../db/clock';
import { SYSTEM } from '../../db/table-names';
import { toNumber } from '../../db/values';
import { extraHeaders } from './extra-headers';
import { retryDelayMs } from './retry-delay';
import { sendWebhook } from './send-webhook';
import { SIGNATURE_HEADER, signWebhook } from './sign-webhook';
import type { WebhookAllowList } from './webhook-allow-list';

/** What a delivery round needs to know. */
export interface DeliverySettings {
  allow: WebhookAllowList;
  timeoutMs: number;
  /** Failing longer than this (from the first attempt), a delivery becomes a dead letter. */
  retrySeconds: number;
  /** The first wait after a failure; doubled per attempt. */
  retryBaseMs: number;
  /** This server, in the lease column (with a round number). */
  instance: string;
  /** Deliveries claimed per round. */
  batch: number;
  /** Deliveries sent at once. */
  concurrency: number;
}

/** Statuses a delivery is still to be sent in (`failed`: retried later). */
const OPEN = ['pending', 'failed'];

let rounds = 0;

/** The heads of the records' queues that are due: no earlier open delivery of the same webhook and record. */
const dueHeads = (primary: Knex, now: number, batch: number): Promise<{ id: unknown }[]> =>
  primary(`${SYSTEM.webhookDelivery} as d`)
    .join(`${SYSTEM.webhook} as w`, 'w.id', 'd.webhookId')
    .whereIn('d.status', OPEN)
    .where('d.nextAttemptAt', '<=', now)
    .where((lease) => lease.whereNull('d.leaseUntil').orWhere('d.leaseUntil', '<', now))
    .where('w.enabled', true)
    .whereNotExists((earlier) =>
      earlier
        .from(`${SYSTEM.webhookDelivery} as e`)
        .whereRaw('e.?? = d.??', ['webhookId', 'webhookId'])
        .whereRaw('e.?? = d.??', ['recordKey', 'recordKey'])
        .whereRaw('e.?? < d.??', ['id', 'id'])
        .whereIn('e.status', OPEN),
    )
    .orderBy('d.id')
    .limit(batch)
    .select('d.id');

interface Claimed {
  id: number;
  payload: string;
  attempts: number;
  firstAttemptAt: number | null;
  url: string;
  method: string;
  headers: string | null;
  secret: string | null;
}

/** Sends one claimed delivery and writes its outcome (only while the lease is still this round's). */
const deliverOne = async (
  primary: Knex,
  settings: DeliverySettings,
  lease: string,
  row: Claimed,
): Promise<void> => {
  const at = new Date();
  const eventId = (JSON.parse(row.payload) as { eventId?: unknown }).eventId;
  const answer = await sendWebhook(
    {
      url: row.url,
      method: row.method,
      headers: {
        ...extraHeaders(row.headers),
        'content-type': 'application/json',
        'x-crudboard-event': String(eventId ?? ''),
        ...(row.secret ? { [SIGNATURE_HEADER]: signWebhook(row.secret, row.payload, at) } : {}),
      },
      body: row.payload,
      timeoutMs: settings.timeoutMs,
    },
    settings.allow,
  );
  const done = Date.now();
  const attempts = row.attempts + 1;
  const delivered = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const first = row.firstAttemptAt ?? at.getTime();
  const outcome = delivered
    ? { status: 'delivered', deliveredDate: dateTimeText(new Date(done)), lastError: null }
    : done - first >= settings.retrySeconds * 1000
      ? { status: 'dead', lastError: (answer.error ?? `HTTP ${answer.status}`).slice(0, 1000) }
      : {
          status: 'failed',
          nextAttemptAt: done + retryDelayMs(attempts, settings.retryBaseMs),
          lastError: (answer.error ?? `HTTP ${answer.status}`).slice(0, 1000),
        };
  await primary(SYSTEM.webhookDelivery)
    .where({ id: row.id, leaseOwner: lease })
    .update({
      ...outcome,
      attempts,
      firstAttemptAt: first,
      responseCode: answer.status,
      responseBody: answer.body.slice(0, 1000),
      leaseOwner: null,
      leaseUntil: null,
      lastModifiedDate: dateTimeText(new Date(done)),
    });
};

/**
 * One round of the outbox on this server: claims up to `batch` due deliveries with a lease (a
 * conditional update: of several servers, exactly one claims a row; a dead server's lease runs out
 * and another claims the row again), sends them, and records each outcome: delivered, failed (sent
 * again after a growing, jittered wait) or, past the retry time, dead. Only the oldest open delivery
 * of each webhook and record is due, so a record's events arrive in the order they were written.
 * Answers how many it claimed.
 */
export const deliverDue = async (primary: Knex, settings: DeliverySettings): Promise<number> => {
  const now = Date.now();
  const heads = await dueHeads(primary, now, settings.batch);
  if (heads.length === 0) return 0;
  rounds += 1;
  const lease = `${settings.instance}:${rounds}`.slice(0, 64);
  // twice the longest a round can take (its sends one after another on each of `concurrency`
  // lanes, each at most `timeoutMs`), and a margin for the outcome writes: a live server is never
  // overtaken; a dead one's deliveries wait that long
  const leaseUntil = now + 2 * settings.timeoutMs * Math.ceil(settings.batch / settings.concurrency) + 2000;
  // the heads were read before: meanwhile another server may have sent one, and if that attempt
  // failed, set it to wait; so the claim asks again that it be due, else it would be sent again at
  // once, its back-off skipped and its attempts counted twice
  await primary(SYSTEM.webhookDelivery)
    .whereIn(
      'id',
      heads.map((head) => toNumber(head.id)),
    )
    .whereIn('status', OPEN)
    .where('nextAttemptAt', '<=', now)
    .where((free) => free.whereNull('leaseUntil').orWhere('leaseUntil', '<', now))
    .update({ leaseOwner: lease, leaseUntil });
  const claimed: Claimed[] = (
    await primary(`${SYSTEM.webhookDelivery} as d`)
      .join(`${SYSTEM.webhook} as w`, 'w.id', 'd.webhookId')
      .where('d.leaseOwner', lease)
      .orderBy('d.id')
      .select(
        'd.id',
        'd.payload',
        'd.attempts',
        'd.firstAttemptAt',
        'w.url',
        'w.method',
        'w.headers',
        'w.signingSecret as secret',
      )
  ).map((row: Record<string, unknown>) => ({
    id: toNumber(row.id),
    payload: String(row.payload),
    attempts: toNumber(row.attempts),
    firstAttemptAt: row.firstAttemptAt === null ? null : toNumber(row.firstAttemptAt),
    url: String(row.url),
    method: String(row.method || 'POST'),
    headers: typeof row.headers === 'string' ? row.headers : null,
    secret: typeof row.secret === 'string' && row.secret !== '' ? row.secret : null,
  }));
  const queue = [...claimed];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift())
      await deliverOne(primary, settings, lease, next);
  };
  await Promise.all(Array.from({ length: Math.min(settings.concurrency, queue.length) }, worker));
  return claimed.length;
};
