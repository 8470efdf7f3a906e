import type { EngineCapabilities } from '../../dialects/sql/engine-capabilities';
import type { SqlDialect } from '../../dialects/sql/sql-dialect';

/** What a database was found to do at start-up (probe-capabilities.ts). */
export interface Capabilities extends EngineCapabilities {
  /** A lock taken the way crudboard takes its own keeps a second ask for it out. */
  locksLock: boolean;
}

/** What crudboard makes of a database's capabilities: refusals stop the server, adaptations are logged. */
export interface CapabilityVerdict {
  refuse: string[];
  adapt: string[];
}

/**
 * Judges a data source's capabilities: a database whose locks do not lock cannot be shared by
 * several servers (schema changes, uploads and start-up take turns through them); primary needs
 * the triggers that keep the caches of every server coherent; a PostgreSQL-speaking database must
 * roll DDL back with its transaction, which crudboard's schema changes there rely on. MySQL
 * commits each DDL statement, which crudboard adapts to with its schema journal; a database
 * without a keyword-search method serves searches by scanning (MySQL) or refuses search indexes
 * (PostgreSQL).
 */
export const judgeCapabilities = (
  dialect: Pick<SqlDialect, 'sharedByServers' | 'schemaChanges'>,
  primary: boolean,
  found: Capabilities,
): CapabilityVerdict => {
  const refuse: string[] = [];
  const adapt: string[] = [];
  if (!dialect.sharedByServers) return { refuse, adapt };
  if (!found.locksLock) {
    refuse.push(
      'session locks do not lock (a second connection was granted a lock the first held): several crudboard servers could change the same tables at once',
    );
  }
  if (dialect.schemaChanges === 'stepwise') {
    adapt.push(
      'DDL commits statement by statement: schema changes are journalled and finished or taken back after a crash',
    );
  } else if (found.transactionalDdl === false) {
    refuse.push(
      'DDL after a write is not rolled back with its transaction: schema changes could be left half-done',
    );
  }
  if (primary && found.deferrableTriggers === false)
    refuse.push(
      'deferred constraint triggers are missing: the caches of several servers could not be kept coherent',
    );
  if (primary && found.triggers === false)
    refuse.push(
      'the account may not create triggers (TRIGGER privilege), which keep the caches of several servers coherent',
    );
  if (found.fullText === null) adapt.push(found.withoutFullText);
  return { refuse, adapt };
};
