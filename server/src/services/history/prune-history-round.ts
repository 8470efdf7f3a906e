import type { Knex } from 'knex';
import type { Client } from '../../config';
import { DatabaseLockTimeout } from '../../dialects/sql/database-lock';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { pruneHistory, type PruneOptions, type PruneReport } from './prune-history';

/** The database lock a prune round holds: one server prunes at a time. */
export const HISTORY_PRUNE_LOCK = 'history-prune';

/** SQLite files a round is pruning in this process (a SQLite file belongs to one server). */
const pruningFiles = new Set<string>();

const sqliteFile = (knex: Knex): string => {
  const connection = (knex.client as { config?: { connection?: { filename?: unknown } } }).config?.connection;
  return String(connection?.filename ?? '');
};

/**
 * One prune round on `primary` (pruneHistory), or null when another server is pruning now: the
 * round takes the database lock without waiting (PostgreSQL, MySQL / MariaDB, `withDatabaseLock`)
 * and skips if it is held. On SQLite the file's rounds in this process take turns the same way.
 */
export const pruneHistoryRound = async (
  primary: { knex: Knex; client: Client },
  options: PruneOptions = {},
): Promise<PruneReport | null> => {
  const dialect = sqlDialect(primary.client);
  if (!dialect.sharedByServers) {
    const file = sqliteFile(primary.knex);
    if (pruningFiles.has(file)) return null;
    pruningFiles.add(file);
    try {
      return await pruneHistory(primary.knex, options);
    } finally {
      pruningFiles.delete(file);
    }
  }
  try {
    // waitMs 0: the shortest wait each database allows (1 ms) rather than none at all.
    return await dialect.withDatabaseLock(
      primary.knex,
      HISTORY_PRUNE_LOCK,
      () => pruneHistory(primary.knex, options),
      0,
    );
  } catch (error) {
    if (error instanceof DatabaseLockTimeout) return null;
    throw error;
  }
};
