import type { EngineCapabilities } from './engine-capabilities';
import type { RowCountKeeping } from '../row-count/row-count-keeping';
import type { Knex } from 'knex';
import type { Client, SqlConsoleConfig } from '../../config';
import type { SqlOutcome, SqlRun } from './console/sql-result';
import type { CacheScope, RowEvent } from '../cache-version/cache-version';
import type { PinyinOrder } from '../pinyin-order';

/** An index as the schema change that creates it names it. */
export interface IndexShape {
  name: string;
  columns: readonly string[];
  unique?: boolean;
  /** Hash storage where the database has it (PostgreSQL, MySQL MEMORY/NDB engines). */
  hash?: boolean;
}

/** Where start-up tells what it did and what is unsafe. */
export interface ConsoleLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** Who the SQL console runs as on one data source, and what that account reaches. */
export interface ConsoleAccount {
  /** The role statements run under (PostgreSQL), when one can be used. */
  role?: string;
  /** The connecting account is a superuser of the database server. */
  superuser: boolean;
  /** It reaches server files, programs or other sessions (a superuser or a member of such roles). */
  privileged: boolean;
  /** It may read and write server files through SQL (MySQL's FILE privilege). */
  fileAccess: boolean;
  /** MySQL: connections of a separate console account statements run on, when one can be used. */
  account?: Knex;
  /**
   * MySQL: why no separate console account can be used, where the console is safe only on one
   * (crudboard's own tables share the business database).
   */
  noAccount?: string;
}

/**
 * How the read replicas of a data source tell where they are (db/replicas): the primary's log
 * position, each replica's replayed position, and when one has reached the other.
 */
export interface ReplicaPositions<P> {
  /** The primary's log position now; throws when it cannot tell (MariaDB: binary logging off). */
  primary(knex: Knex): Promise<P>;
  /** The position the server `knex` reaches has replayed to; throws when it is not replaying. */
  replayed(knex: Knex): Promise<P>;
  /** Whether a replica at `replayed` has everything the primary had committed at `sample`. */
  reached(replayed: P, sample: P): boolean;
  /** A position every other one reaches (a replica's before it first answers). */
  readonly origin: P;
}

/**
 * Everything the services ask of one kind of database, in one object per kind (`sqlDialect`):
 * a service calls `sqlDialect(client).x(...)` and never compares client names itself. Adding a
 * database means one more object implementing this interface, plus its tests.
 */
export interface SqlDialect {
  readonly client: Client;
  /**
   * The driver runs each statement to its end on the calling thread (better-sqlite3): a statement
   * cannot be stopped by a timeout, and statements never wait for a pooled connection for long.
   */
  readonly synchronous: boolean;

  // --- several crudboard servers on one database

  /**
   * Whether several crudboard servers may share this database (PostgreSQL, MySQL): they then take
   * turns through `withDatabaseLock` and learn each other's changes from `cb_cache_version`. A
   * SQLite file belongs to one server.
   */
  readonly sharedByServers: boolean;
  /**
   * Whether the database `knex` reaches is a node of a multi-primary cluster that replicates rows by
   * their primary key (MySQL/MariaDB: Galera, asked once per pool); false elsewhere.
   */
  runsOnCluster(knex: Knex): Promise<boolean>;
  /**
   * Asks the database at start-up what crudboard needs of it beyond its locks (transactional DDL,
   * triggers, a search method: db/capabilities); null where no other server shares it (SQLite).
   */
  readonly probeEngine: ((knex: Knex) => Promise<EngineCapabilities>) | null;
  /**
   * Runs `work` while this server holds the lock `name` of the database `knex` connects to:
   * every other server asking for the same lock waits until `work` has settled. The lock is
   * held by one connection set aside for it (PostgreSQL: an advisory lock; MySQL: GET_LOCK) and
   * given back whatever `work` does; `work` runs on the pool's other connections. Waiting longer
   * than `waitMs` throws `DatabaseLockTimeout`. SQLite: runs `work` (one server per file).
   */
  withDatabaseLock<T>(knex: Knex, name: string, work: () => Promise<T>, waitMs?: number): Promise<T>;
  /**
   * Keeps `cb_cache_version`'s row `scope` moving with every committed change of `table` by
   * `events` (triggers; see dialects/cache-version). SQLite: nothing (no other server to tell).
   */
  trackCacheVersion(db: Knex, table: string, scope: CacheScope, events: readonly RowEvent[]): Promise<void>;
  /**
   * How read replicas of this database tell their positions (PostgreSQL: WAL positions; MariaDB:
   * GTID states); null where a data source has no replicas (SQLite).
   */
  readonly replicaPositions: ReplicaPositions<unknown> | null;

  // --- reads and writes of records

  /**
   * How ORDER BY reads a text column in pinyin order (`collation=pinyin`, docs/api.md §3) on the
   * data source `knex` connects to: SQLite its `cb_pinyin_key` function, PostgreSQL its ICU (else
   * libc) Chinese collation, MySQL 8 `utf8mb4_zh_0900_as_cs`, MariaDB GBK; null when there is none.
   */
  pinyinOrder(knex: Knex): Promise<PinyinOrder>;

  /** `target` (SQL text) matching a `?` LIKE pattern with a `?` escape, case-insensitively. */
  caseInsensitiveLike(target: string): string;
  /**
   * The same match where no index can serve it (the keyword search of a table without a search
   * index scans every row): the form that costs least per row.
   */
  caseInsensitiveScan(target: string): string;
  /**
   * The same match for a pattern without a letter that has case (dialects/caseless-text.ts): where
   * the database would lower every row's text to ignore case, a plain match finds the same rows
   * for less (PostgreSQL's `LIKE`, which a trigram index serves as it serves `ILIKE`).
   */
  caselessLike(target: string): string;
  /**
   * `target` holds the text bound after it, minding case (bindings: the column, the text as it is,
   * no wildcards): PostgreSQL `strpos`, MySQL `INSTR` on the bytes, SQLite `instr`.
   */
  caseSensitiveContains(target: string): string;
  /** Options of a SELECT of stored rows (SQLite: integers as BigInt, so BIGINT beyond 2^53 survives). */
  readRowOptions(builder: Knex.QueryBuilder): Knex.QueryBuilder;
  /**
   * Locks the rows `query` reads until the transaction ends (SELECT … FOR UPDATE). SQLite has no
   * row locks: a transaction's first write takes the database's write lock (`claimWriteLock`).
   */
  lockForUpdate(query: Knex.QueryBuilder): Knex.QueryBuilder;
  /**
   * SQLite: takes the write lock now, with a write that changes nothing (`column = column` on the
   * rows `where` selects); elsewhere nothing (`lockForUpdate` locks the rows read).
   */
  claimWriteLock(trx: Knex, table: string, where: Record<string, unknown>, column: string): Promise<void>;
  /**
   * Inserts one row on `trx`'s own connection with a statement prepared once per connection
   * (`name` tells statements apart), skipping the query builder: for the small insert every
   * record write adds (a revision of record history), where building, compiling and preparing
   * the statement again each time costs more than the insert.
   */
  insertPrepared(
    trx: Knex.Transaction,
    name: string,
    table: string,
    columns: readonly string[],
    values: readonly unknown[],
  ): Promise<void>;
  /**
   * Inserts `row` unless a row with its values in the unique key `key` is there: true when this
   * insert wrote it (of several servers at once, exactly one). Never an error for the taken key.
   */
  insertUnlessPresent(
    db: Knex,
    table: string,
    row: Record<string, unknown>,
    key: readonly string[],
  ): Promise<boolean>;
  /**
   * `insertPrepared` for a row that only has to be there when `trx` commits (a write's one
   * revision): PostgreSQL sends it in the same message as the COMMIT, saving a round trip (a
   * failed INSERT fails the commit, and nothing commits); elsewhere it is inserted now.
   */
  insertAtCommit(
    trx: Knex.Transaction,
    name: string,
    table: string,
    columns: readonly string[],
    values: readonly (string | number | null)[],
  ): Promise<void>;
  /**
   * Inserts many rows (`rows`: values in `columns`' order) on `trx`'s own connection, skipping the
   * query builder, whose compiling of large multi-row INSERTs costs more than the inserts: for the
   * revisions of a bulk write (an import). `integers`: the columns holding whole numbers (PostgreSQL
   * needs each column's type). PostgreSQL: `unnest` of one array per column; MySQL: multi-row
   * VALUES; SQLite: one prepared statement run per row. Chunked by rows and bytes.
   */
  insertMany(
    trx: Knex.Transaction,
    name: string,
    table: string,
    columns: readonly string[],
    rows: readonly (readonly unknown[])[],
    integers: ReadonlySet<string>,
  ): Promise<void>;
  /**
   * How an INSERT tells the keys the database filled: `returning` (any generated keys, RETURNING)
   * or `insertId` (one auto-increment key, from the driver's insert id).
   */
  readonly insertedKeys: 'returning' | 'insertId';
  /**
   * Whether the rows of one multi-row INSERT into a table keyed by an auto-increment row id get
   * consecutive ids, so that a bulk insert counts its keys back from the last one the driver
   * reports instead of reading them back (SQLite: one writer at a time, each new row one more
   * than the largest id ever used).
   */
  readonly consecutiveRowIds: boolean;
  /**
   * Whether a page deep in a filtered list is read as its keys first, then the rows of those keys
   * (a deferred join): MySQL / MariaDB read every skipped row whole through a secondary index,
   * while the keys alone come from the index itself (services/items/list-items.ts).
   */
  readonly deferDeepPages: boolean;
  /**
   * The row count of a table kept beside it (PostgreSQL, MySQL: by triggers), without counting;
   * null when none is kept. `sourceKnex` is the data source's own Knex (for folding the kept
   * parts, or counting the table in the background on MySQL).
   */
  keptRowCount(db: Knex, tableName: string, sourceKnex: Knex): Promise<number | null>;
  /**
   * The kept row count as a subquery, to read in one statement beside other counts; null where no
   * count is kept. Only for a table `keptRowCount` answered for.
   */
  keptCountQuery(db: Knex, tableName: string): Knex.QueryBuilder | null;
  /**
   * The kept count of the table's rows whose `ownerId` is `owner` (PostgreSQL, MySQL: by the same
   * triggers as the row count), without counting; null when none is kept.
   */
  keptOwnerCount(db: Knex, tableName: string, owner: number, sourceKnex: Knex): Promise<number | null>;
  /** The kept owner count as a subquery (as keptCountQuery); only for a table `keptOwnerCount` answered for. */
  keptOwnerCountQuery(db: Knex, tableName: string, owner: number): Knex.QueryBuilder | null;
  /**
   * Runs `change`, a schema change of the table's `ownerId` column (added, dropped, renamed,
   * retyped), with the per-owner counts' triggers taken off before and put back after, as the
   * column then is (elsewhere: `change` alone).
   */
  changeOwnerColumn(db: Knex, tableName: string, change: () => Promise<void>): Promise<void>;
  /** Keeping the row count of a table crudboard did not create, at the administrator's choice; null where counts are cheap. */
  readonly rowCountKeeping: RowCountKeeping | null;
  /** Runs `read`, a single pass over a whole table (an export), with settings that keep memory flat. */
  withLeanReads<T>(knex: Knex, read: () => Promise<T>): Promise<T>;

  // --- schema changes (each with `??` identifier bindings; names are checked before)

  /** What follows CREATE TABLE (PostgreSQL: the row-count triggers of an empty table). */
  afterCreateTable(db: Knex, tableName: string): Promise<void>;
  /** What follows a table rename (PostgreSQL: the primary key constraint follows the name). */
  afterRenameTable(db: Knex, from: string, to: string): Promise<void>;
  /** MySQL: the table's storage engine; elsewhere nothing (there is one). */
  setEngine(db: Knex, table: string, engine: string): Promise<void>;
  renameColumn(db: Knex, table: string, from: string, to: string): Promise<void>;
  /**
   * Makes a column NOT NULL: PostgreSQL alone has a form for it; elsewhere `redeclare` declares the
   * whole column again with `nullable: false`.
   */
  setNotNull(db: Knex, table: string, column: string, redeclare: () => Promise<void>): Promise<void>;
  /** Declares `index` inside an ALTER TABLE of the schema builder. */
  declareIndex(t: Knex.AlterTableBuilder, index: IndexShape): void;
  /** Renames an index; `recreate` drops and creates it where there is no rename. */
  renameIndex(
    db: Knex,
    table: string,
    from: string,
    to: string,
    recreate: () => Promise<void>,
  ): Promise<void>;
  /**
   * Whether a column check (`?? >= 0` of an unsigned column) is a constraint of its own that is added,
   * dropped and renamed one by one (PostgreSQL); SQLite keeps checks in CREATE TABLE and MySQL in
   * the column type.
   */
  readonly separateChecks: boolean;
  /**
   * How a table change runs: `rebuild` (SQLite: copy into a new table, in one transaction),
   * `transactional` (PostgreSQL: ALTERs in one transaction), `stepwise` (MySQL: DDL commits on its
   * own, so each step has an undo run when a later one fails).
   */
  readonly schemaChanges: 'rebuild' | 'transactional' | 'stepwise';
  /** Options of a schema change's transaction (SQLite: foreign keys are checked after the rebuild). */
  readonly schemaTransaction: Knex.TransactionConfig;
  /** Makes what text checks of a schema change call available (SQLite: a REGEXP function). */
  prepareTextChecks(knex: Knex): Promise<void>;
  /** Whether `unsigned` is part of an integer column's physical type (MySQL), so changing it alters the column. */
  readonly unsignedInType: boolean;
  /** Whether a table has a storage engine of its own that a change may switch (MySQL). */
  readonly hasEngines: boolean;
  /** Settings of a CREATE TABLE: the engine, character set and collation (MySQL); else nothing. */
  tableOptions(t: Knex.CreateTableBuilder, engine: string): void;
  /** Whether the full-text index refers to the soft-delete flag (SQLite: its triggers mark flagged rows). */
  readonly fullTextUsesFlag: boolean;
  /** The most characters a TEXT column holds, when the database limits it (MySQL: 65,535 bytes of utf8mb4). */
  readonly textMaxChars: number | undefined;

  // --- reverse engineering: how the catalogue writes types and defaults

  /** How the catalogue writes a column default that is a literal. */
  readonly literals: {
    /** A cast after the literal to drop (PostgreSQL `'abc'::character varying`), if any. */
    cast: RegExp | null;
    /** A quoted string literal; its first group is the text between the quotes. */
    quoted: RegExp;
    /** The text of a quoted literal without its escapes. */
    unquote(inner: string): string;
  };
  /** Physical types whose meaning differs on this database. */
  readonly physicalTypes: {
    /** `tinyint(1)` is how the database writes a boolean (MySQL). */
    tinyIntOneIsBool: boolean;
    /** `float(p)` up to this precision is single precision (MySQL: 24); null: `float` is double. */
    singleFloatUpTo: number | null;
    /** Any type name maps by the database's type affinity (SQLite), bare NUMERIC as a wide DECIMAL. */
    byAffinity: boolean;
  };

  // --- the SQL console

  /**
   * Start-up: who the console's statements run as on this database, and what that account could
   * reach beyond its tables. PostgreSQL creates or checks the console role (`config.role`: one the
   * operator manages; unset: crudboard's own, when it may); MySQL the console account
   * (`config.url`, or crudboard's own).
   */
  consoleAccount(knex: Knex, config: SqlConsoleConfig, log: ConsoleLog): Promise<ConsoleAccount>;

  /**
   * After the designer or the console created, renamed, dropped or reversed tables: MySQL brings
   * the grants of the console account crudboard manages in step; elsewhere nothing.
   */
  keepConsoleGrants(knex: Knex): Promise<void>;

  /**
   * Runs one console statement within the run's limits (rows, bytes, time, read-only, role).
   * Failures of the statement itself are `SqlRunError`s; the caller maps them to answers.
   */
  runConsole(knex: Knex, run: SqlRun): Promise<SqlOutcome>;

  /** Stops what the console keeps between statements (SQLite's worker processes) when the server closes. */
  closeConsole(): void;

  readonly console: {
    /** COPY reads and writes files of the database server, which the console refuses (PostgreSQL). */
    refusesCopy: boolean;
    /**
     * In read-only mode, the first words that run inside a read-only transaction without an
     * implicit commit (MySQL); null: the read-only transaction itself refuses every write.
     */
    readOnlyFirstWords: ReadonlySet<string> | null;
    /** Comments whose text the server runs (`/*! … *\/`, MySQL/MariaDB): refused outright. */
    executableComments: boolean;
    /** String and identifier escapes (`U&'…'`) can spell any word past a scan (PostgreSQL). */
    unicodeEscapes: boolean;
    /** A write in read-only mode is refused before it runs (SQLite), not by the database while running. */
    refusesWritesUpFront: boolean;
  };
}
