import type { Knex } from 'knex';
import type { AuditAction, AuditEntry } from '../../../../contract/audit';
import type { Client } from '../../config';
import type { Condition } from '../../query/query-types';
import { auditQuery } from './audit-filter';
import type { AuditRow } from './audit-row';

/**
 * A stored entry: the row as inserted (audit-row.ts) with its id; numbers may come back as strings
 * (BIGINT on PostgreSQL and MySQL), and the action is whatever the row holds.
 */
export interface AuditStoredRow extends Omit<AuditRow, 'at' | 'userId' | 'action'> {
  id: number | string;
  at: number | string;
  userId: number | string | null;
  action: string;
}

const parseDetail = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

/** A stored entry as the API sends it. */
export const toAuditEntry = (row: AuditStoredRow): AuditEntry => ({
  id: Number(row.id),
  time: Number(row.at),
  user: { id: row.userId === null ? null : Number(row.userId), name: row.userName },
  action: row.action as AuditAction,
  dataSource: row.dataSource,
  table: row.tableName,
  detail: parseDetail(row.detail),
  requestId: row.requestId,
  address: row.address,
  userAgent: row.userAgent,
});

/** GET /api/audit: a page of the entries the condition keeps, newest first. */
export const readAudit = async (
  primary: Knex,
  dialect: Client,
  condition: Condition | null,
  page: { offset: number; limit: number },
): Promise<AuditEntry[]> => {
  const rows: AuditStoredRow[] = await auditQuery(primary, dialect, condition)
    .select('*')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit);
  return rows.map(toAuditEntry);
};

/** GET /api/audit/count: how many entries the condition keeps. */
export const countAudit = async (
  primary: Knex,
  dialect: Client,
  condition: Condition | null,
): Promise<number> => {
  const row = (await auditQuery(primary, dialect, condition).count({ count: '*' }).first()) as
    { count: number | string } | undefined;
  return Number(row?.count ?? 0);
};

/** Entries read per statement by an export. */
export const AUDIT_EXPORT_BATCH = 1000;

/** Every entry the condition keeps, newest first, a batch at a time (keyset paging on `id`). */
export async function* auditBatches(
  primary: Knex,
  dialect: Client,
  condition: Condition | null,
): AsyncGenerator<AuditEntry[]> {
  let below: number | null = null;
  for (;;) {
    const query = auditQuery(primary, dialect, condition).select('*');
    if (below !== null) query.where('id', '<', below);
    const rows: AuditStoredRow[] = await query.orderBy('id', 'desc').limit(AUDIT_EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows.map(toAuditEntry);
    if (rows.length < AUDIT_EXPORT_BATCH) return;
    below = Number(rows[rows.length - 1]!.id);
  }
}
