import type { AuditAction } from '../../../../contract/audit';

/** Who did it and through which request: what every entry carries besides the event. */
export interface AuditOrigin {
  userId: number | null;
  userName: string | null;
  requestId: string | null;
  address: string | null;
  userAgent: string | null;
  /** The name of the API token the request came with (none for a session's request). */
  apiToken?: string;
}

/** What happened: the action, where (data source and table, when it is about one), and its detail. */
export interface AuditEvent {
  action: AuditAction;
  dataSource?: string | null;
  table?: string | null;
  /** By action (docs/api.md §8); never a record's values. */
  detail?: Record<string, unknown>;
}

/** A row of `cb_audit` as it is inserted. */
export interface AuditRow {
  at: number;
  userId: number | null;
  userName: string | null;
  action: AuditAction;
  dataSource: string | null;
  tableName: string | null;
  detail: string;
  requestId: string | null;
  address: string | null;
  userAgent: string | null;
}

/** The longest text a string of a detail keeps (an SQL statement, a filter); longer ones are cut. */
export const MAX_DETAIL_TEXT = 20_000;

const cut = (text: string | null | undefined, max: number): string | null =>
  text === null || text === undefined ? null : text.slice(0, max);

/** A detail value with every long string cut to MAX_DETAIL_TEXT characters (`…` marks the cut). */
export const boundedDetail = (value: unknown): unknown => {
  if (typeof value === 'string')
    return value.length > MAX_DETAIL_TEXT ? `${value.slice(0, MAX_DETAIL_TEXT)}…` : value;
  if (Array.isArray(value)) return value.map(boundedDetail);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, boundedDetail(inner)]));
  return value;
};

/** The row of one event, cut to the columns' widths (migration system-016). */
export const auditRow = (origin: AuditOrigin, event: AuditEvent, at: number): AuditRow => ({
  at,
  userId: origin.userId,
  userName: cut(origin.userName, 200),
  action: event.action,
  dataSource: cut(event.dataSource, 64),
  tableName: cut(event.table, 128),
  detail: JSON.stringify(
    boundedDetail(
      origin.apiToken === undefined ? (event.detail ?? {}) : { ...event.detail, apiToken: origin.apiToken },
    ),
  ),
  requestId: cut(origin.requestId, 64),
  address: cut(origin.address, 64),
  userAgent: cut(origin.userAgent, 400),
});
