import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { SHARED_STATE } from '../../db/table-names';
import { auditRow, type AuditEvent, type AuditOrigin } from './audit-row';

/** Appends one entry through `db` (primary, or a transaction of it). */
export const insertAudit = async (
  db: Knex,
  origin: AuditOrigin,
  event: AuditEvent,
  at = Date.now(),
): Promise<void> => {
  await db(SHARED_STATE.audit).insert(auditRow(origin, event, at));
};

/**
 * Appends one entry after the action it records: a failure is logged, never thrown, so that the
 * action (which has happened) is not reported as failed.
 */
export const recordAudit = async (
  primary: Knex,
  log: FastifyBaseLogger,
  origin: AuditOrigin,
  event: AuditEvent,
): Promise<void> => {
  try {
    await insertAudit(primary, origin, event);
  } catch (error) {
    log.error({ err: error, action: event.action }, 'writing an audit log entry failed');
  }
};

/**
 * Appends one entry inside the transaction of the change it records (users, roles, permissions),
 * under a savepoint: a failed insert is logged and rolled back alone, the change still commits.
 */
export const recordAuditIn = async (
  trx: Knex,
  log: FastifyBaseLogger | undefined,
  origin: AuditOrigin,
  event: AuditEvent,
): Promise<void> => {
  try {
    await trx.transaction(async (savepoint) => insertAudit(savepoint, origin, event));
  } catch (error) {
    log?.error({ err: error, action: event.action }, 'writing an audit log entry failed');
  }
};
