import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { SHARED_STATE } from '../../db/table-names';
import { LOCK_TIMEOUT_CODE } from '../../dialects/sql/database-lock';
import { sqlDialect } from '../../dialects/sql/sql-dialects';

/** Rows one pruning statement deletes at most, so that it never holds writers up for long. */
export const PRUNE_BATCH = 2000;

const DAY_MS = 86_400_000;

/** The lock that makes one server at a time prune. */
export const AUDIT_PRUNE_LOCK = 'cb_audit_prune';

/** Entries older than this time are pruned (null: kept forever, `AUDIT_RETENTION_DAYS=0`). */
export const pruneBefore = (now: number, retentionDays: number): number | null =>
  retentionDays <= 0 ? null : now - retentionDays * DAY_MS;

/**
 * Deletes the entries older than `before`, at most `batch` per statement: each statement deletes
 * the oldest ones up to the `batch`-th id. Returns how many went.
 */
export const pruneAudit = async (primary: Knex, before: number, batch = PRUNE_BATCH): Promise<number> => {
  let removed = 0;
  for (;;) {
    const last = (await primary(SHARED_STATE.audit)
      .where('at', '<', before)
      .orderBy('id', 'asc')
      .offset(batch - 1)
      .first('id')) as { id: number | string } | undefined;
    const query = primary(SHARED_STATE.audit).where('at', '<', before);
    if (last) query.where('id', '<=', last.id);
    const count = Number(await query.delete());
    removed += count;
    if (!last || count === 0) return removed;
  }
};

/**
 * One pruning round on one server at a time: under the database lock, or skipped (undefined) when
 * another server holds it.
 */
export const pruneAuditOnce = async (
  primary: Knex,
  before: number,
  batch = PRUNE_BATCH,
): Promise<number | undefined> => {
  try {
    return await sqlDialect(dialectOf(primary)).withDatabaseLock(
      primary,
      AUDIT_PRUNE_LOCK,
      () => pruneAudit(primary, before, batch),
      0,
    );
  } catch (error) {
    if ((error as { code?: unknown }).code === LOCK_TIMEOUT_CODE) return undefined;
    throw error;
  }
};
