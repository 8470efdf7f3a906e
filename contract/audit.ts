/**
 * The audit log (docs/api.md §8, audit log): who did what beyond records, written by the server,
 * read by holders of `audit:read`. Shared by the server (which writes and serves it) and the web app.
 */

/** What an entry records. */
export const AUDIT_ACTIONS = [
  'signIn',
  'signInFailed',
  'signOut',
  'passwordChange',
  'passwordReset',
  'userChange',
  'roleChange',
  'userRoleChange',
  'tablePermissionChange',
  'webhookChange',
  'scheduleChange',
  'flowChange',
  'schemaChange',
  'sqlExecute',
  'export',
  'import',
  'fileUpload',
  'fileDownload',
  'tokenCreate',
  'tokenRevoke',
  'refused',
  'viewAs',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The permission code that lets a user read the audit log. */
export const AUDIT_READ = 'audit:read';

/** The columns `GET /api/audit` filters on (the `filter` JSON names them). */
export const AUDIT_FILTER_COLUMNS = [
  'at',
  'userId',
  'userName',
  'action',
  'dataSource',
  'tableName',
] as const;
export type AuditFilterColumn = (typeof AUDIT_FILTER_COLUMNS)[number];

/** An entry as `GET /api/audit` sends it. */
export interface AuditEntry {
  id: number;
  /** Epoch milliseconds. */
  time: number;
  /** Who, with the name they had then; null ids and names for an anonymous request. */
  user: { id: number | null; name: string | null };
  action: AuditAction;
  dataSource: string | null;
  table: string | null;
  /** What happened, by action (docs/api.md §8); never a record's values. */
  detail: Record<string, unknown>;
  requestId: string | null;
  address: string | null;
  userAgent: string | null;
}

export const isAuditAction = (value: unknown): value is AuditAction =>
  typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
