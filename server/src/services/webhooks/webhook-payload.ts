import type { ColumnChange, RevisionAction } from '../../../../contract/revision';

/** What an event is about: a record's change, or a schema, user or permission change (`change` says which). */
export type WebhookEventAction = RevisionAction | 'schema' | 'user' | 'permission';

/** What a schema event is about: a table (with its columns and indexes), a relation or a sequence. */
export type SchemaObject = 'table' | 'relation' | 'sequence';

/** The JSON body of a delivery (docs/api.md, webhooks). */
export interface WebhookPayload {
  eventId: string;
  action: WebhookEventAction;
  /** A schema, user or permission event: what happened to the metadata or row (`create`, `update`, `delete`...). */
  change?: RevisionAction;
  /** A schema event: what changed. */
  object?: SchemaObject;
  /** The table (a sequence's schema event: null). */
  table: string | null;
  dataSource: string;
  key: Record<string, unknown>;
  /** The record (a schema event: the metadata) after the change (null after a hard delete). */
  record: Record<string, unknown> | null;
  /** The record (metadata) before it: for a record's update the same record with the changed columns' old values; null for a create. */
  previous: Record<string, unknown> | null;
  /** Who wrote: their id, username and display name (none for server code). */
  user: { id: number | null; username: string | null; name: string | null };
  /** ISO 8601 time of the write. */
  at: string;
  /** Set when the record was too large to send (MAX_WEBHOOK_BODY_BYTES): `record` and `previous` hold its key only. */
  truncated?: true;
}

/** The largest body a delivery sends; a larger record is sent as its key (`truncated`). */
export const MAX_WEBHOOK_BODY_BYTES = 256 * 1024;

/**
 * The JSON text of a delivery: the payload, or, when that is over MAX_WEBHOOK_BODY_BYTES, the same
 * with `record` and `previous` cut to the record's key and `truncated: true` (the receiver reads
 * the record through the API if it needs it).
 */
export const webhookBody = (payload: WebhookPayload): string => {
  const whole = JSON.stringify(payload);
  if (Buffer.byteLength(whole) <= MAX_WEBHOOK_BODY_BYTES) return whole;
  return JSON.stringify({
    ...payload,
    record: payload.record && { ...payload.key },
    previous: payload.previous && { ...payload.key },
    truncated: true,
  });
};

const only = (values: Record<string, unknown>, columns: ReadonlySet<string>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).filter(([name]) => columns.has(name)));

/**
 * The record and previous values of one change as a webhook carries them: `after` the row read
 * back in the writer's transaction (none after a hard delete), `changes` what the writer reported
 * (old values of the changed columns, the last values of a deleted record), narrowed to `columns`
 * (what the webhook's owner may read; secrets are never among them).
 */
export const recordAndPrevious = (
  action: RevisionAction,
  after: Record<string, unknown> | null,
  changes: readonly ColumnChange[],
  columns: ReadonlySet<string>,
): Pick<WebhookPayload, 'record' | 'previous'> => {
  const old: Record<string, unknown> = {};
  for (const change of changes) if (!change.secret && 'old' in change) old[change.column] = change.old;
  const record = after ? only(after, columns) : null;
  if (action === 'create') return { record, previous: null };
  if (action === 'delete' || !record) return { record, previous: only(old, columns) };
  return { record, previous: { ...record, ...only(old, columns) } };
};
