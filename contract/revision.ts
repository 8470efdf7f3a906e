/**
 * Record history (docs/api.md §3, record history): one revision per record a committed write changed, in the
 * writer's transaction. Shared by the server (which writes and serves it) and the web app.
 */

/** What a revision did to its record. */
export const REVISION_ACTIONS = ['create', 'update', 'delete', 'softDelete', 'restore'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/**
 * How the write reached crudboard: the web app (a browser), the API (a script), an import, an
 * extension's own write, a restore from history, or a step of a flow.
 */
export const REVISION_CHANNELS = ['web', 'api', 'import', 'extension', 'restore', 'flow'] as const;
export type RevisionChannel = (typeof REVISION_CHANNELS)[number];

/**
 * One column a revision changed: `old` (absent on create) and `new` (absent on delete) in the
 * API's value types. A PASSWORD column is never stored: `secret: true` says only that it changed.
 */
export interface ColumnChange {
  column: string;
  old?: unknown;
  new?: unknown;
  secret?: true;
}

/** A revision as `GET /api/business/{table}/{id}/history` sends it. */
export interface Revision {
  id: number;
  action: RevisionAction;
  /** Epoch milliseconds. */
  time: number;
  user: { id: number | null; name: string | null };
  channel: RevisionChannel;
  requestId: string | null;
  changes: ColumnChange[];
}

/**
 * A hard-deleted record that is not there now, as `GET /api/business/{table}/deleted` sends it:
 * its latest deletion and the last values it kept.
 */
export interface DeletedRecord {
  /** The `delete` revision: `POST …/deleted/{revisionId}/restore` brings the record back. */
  revisionId: number;
  /** The record key as URLs write it (contract/record-key.ts). */
  key: string;
  /** When it was deleted, epoch milliseconds. */
  time: number;
  user: { id: number | null; name: string | null };
  channel: RevisionChannel;
  requestId: string | null;
  /** The last values of the columns the reader may read (never a PASSWORD). */
  values: Record<string, unknown>;
}

/**
 * The newest revision of a record, as `GET /api/business/{table}/history/latest` sends it: who
 * last changed it and when ("changed by X at T" in a list), without values.
 */
export interface LatestChange {
  /** The record key as the request wrote it. */
  key: string;
  revisionId: number;
  action: RevisionAction;
  /** Epoch milliseconds. */
  time: number;
  user: { id: number | null; name: string | null };
  channel: RevisionChannel;
}

/** The most records one `history/latest` request may ask about. */
export const MAX_LATEST_KEYS = 200;

/**
 * The header of a history restore's answer (the restored record) naming the columns set back:
 * each URL-encoded, comma-separated; empty when the record already was as the revision left it.
 */
export const RESTORED_COLUMNS_HEADER = 'x-restored-columns';
