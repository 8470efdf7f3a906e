import type { Client } from '../../config';

/**
 * What a database was found to do at start-up (probe-capabilities.ts). `undefined`: could not be
 * told (the account may not make the temporary objects the probe needs).
 */
export interface Capabilities {
  /** A session lock taken on one connection keeps another connection out. */
  locksLock: boolean;
  /** DDL after a write in one transaction, rolled back whole. */
  transactionalDdl: boolean | undefined;
  /** Row triggers (MySQL: the account holds TRIGGER). */
  triggers: boolean | undefined;
  /** Deferred constraint triggers (PostgreSQL). */
  deferrableTriggers: boolean | undefined;
  /** The keyword-search method the database offers, or null: none. */
  fullText: string | null;
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
  client: Client,
  primary: boolean,
  found: Capabilities,
): CapabilityVerdict => {
  const refuse: string[] = [];
  const adapt: string[] = [];
  if (client === 'sqlite') return { refuse, adapt };
  if (!found.locksLock) {
    refuse.push(
      'session locks do not lock (a second connection was granted a lock the first held): several crudboard servers could change the same tables at once',
    );
  }
  if (client === 'pg') {
    if (found.transactionalDdl === false)
      refuse.push(
        'DDL after a write is not rolled back with its transaction: schema changes could be left half-done',
      );
    if (primary && found.deferrableTriggers === false)
      refuse.push(
        'deferred constraint triggers are missing: the caches of several servers could not be kept coherent',
      );
  } else {
    adapt.push(
      'DDL commits statement by statement: schema changes are journalled and finished or taken back after a crash',
    );
  }
  if (primary && found.triggers === false)
    refuse.push(
      'the account may not create triggers (TRIGGER privilege), which keep the caches of several servers coherent',
    );
  if (found.fullText === null) {
    adapt.push(
      client === 'pg'
        ? 'pg_trgm is not available: tables with a search index are refused until it is installed'
        : 'no CJK full-text parser (Mroonga or ngram): keyword searches scan the table',
    );
  }
  return { refuse, adapt };
};
