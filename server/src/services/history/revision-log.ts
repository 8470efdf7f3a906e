import type { Knex } from 'knex';
import type { ColumnChange, RevisionAction, RevisionChannel } from '../../../../contract/revision';
import { SHARED_STATE } from '../../db/table-names';
import type { ItemTable } from '../items/item-table';
import { keyText, type KeyValues } from '../items/record-keys';
import { dialectOf } from '../../db/dialect';
import { sqlDialect } from '../../dialects/sql/sql-dialects';

/** Who writes and how: the same for every revision of one write. */
export interface WriteOrigin {
  /** The user's display name (their full name, else their username) at the time of the write. */
  userName: string | null;
  /** The user's username (webhooks name the user by it); none outside a request. */
  username?: string | null;
  channel: RevisionChannel;
  /** The Fastify request id: ties together the revisions of one request. */
  requestId: string | null;
}

/** A write made outside a request (an extension's own code): no request, no name. */
export const EXTENSION_ORIGIN: WriteOrigin = { userName: null, channel: 'extension', requestId: null };

/** What one record write changed, as a writer reports it (`write.changed`). */
export interface RecordChange {
  item: ItemTable;
  key: KeyValues;
  action: RevisionAction;
  changes: ColumnChange[];
  /** The write's own channel unless given (a write hook's own writes: `extension`). */
  channel?: RevisionChannel;
}

/** The longest record key kept (the index's width); a longer key is cut, here and when read. */
export const MAX_RECORD_KEY = 400;

/** A record's key as history stores and looks it up. */
export const revisionKey = (item: ItemTable, key: Record<string, unknown>): string =>
  keyText(item, key).slice(0, MAX_RECORD_KEY);

/**
 * Whether a table's records have history: business tables with a key whose history setting is not
 * `off` (contract/history-retention.ts). The system tables (users, roles, permissions…) belong to
 * an audit log, not here; a row without a key cannot be named. A table switched off keeps the
 * revisions it has (still readable) and records no new ones until switched back on.
 */
export const recordsHistory = (item: ItemTable): boolean =>
  item.table.systemable !== true && item.keys.length > 0 && item.table.historyMode !== 'off';

/** A row of the revision table, its columns in the order `flush` binds them for one revision. */
const REVISION_COLUMNS = [
  'dataSource',
  'tableName',
  'recordKey',
  'action',
  'at',
  'userId',
  'userName',
  'channel',
  'requestId',
  'changes',
] as const;
type RevisionRow = Record<(typeof REVISION_COLUMNS)[number], string | number | null>;

/** The revision columns holding whole numbers. */
const INTEGER_COLUMNS: ReadonlySet<string> = new Set(['at', 'userId']);

/**
 * The revisions one write collects while it runs, inserted into `primary` at its end, before it
 * commits (write-context.ts): so a refused or rolled-back write leaves none and a committed one
 * always has its own. An update that changes nothing records nothing. With `keepChanges` (a hook
 * waits for the committed changes: `afterCommit`), it also keeps every change, of tables without
 * history too, for after the commit.
 */
export class RevisionLog {
  /** In the order written: the revision row to insert (none once inserted, or without history), the change kept. */
  private readonly entries: { row: RevisionRow | null; change: RecordChange | null }[] = [];

  constructor(
    private readonly who: { dataSource: string; userId: number; origin: WriteOrigin },
    readonly at: Date,
    private readonly keepChanges = false,
  ) {}

  add(change: RecordChange): void {
    if (change.changes.length === 0 && change.action === 'update') return;
    const kept = this.keepChanges ? change : null;
    if (!recordsHistory(change.item)) {
      if (kept) this.entries.push({ row: null, change: kept });
      return;
    }
    const { origin } = this.who;
    this.entries.push({
      row: {
        dataSource: this.who.dataSource,
        tableName: change.item.table.name,
        recordKey: revisionKey(change.item, change.key),
        action: change.action,
        at: this.at.getTime(),
        userId: this.who.userId || null,
        userName: origin.userName?.slice(0, 200) ?? null,
        channel: change.channel ?? origin.channel,
        requestId: origin.requestId?.slice(0, 64) ?? null,
        changes: JSON.stringify(change.changes),
      },
      change: kept,
    });
  }

  /**
   * Whether a change of `item` is wanted: for its history, or kept for after the commit
   * (`keepChanges`): a bulk writer reads a record's key and values only when one is.
   */
  wants(item: ItemTable): boolean {
    return this.keepChanges || recordsHistory(item);
  }

  /** How many changes are collected: a savepoint notes it, and on rollback `truncate`s back to it. */
  get size(): number {
    return this.entries.length;
  }

  truncate(size: number): void {
    this.entries.length = Math.min(this.entries.length, size);
  }

  /** The changes kept (`keepChanges`), in the order written; the channel filled in. */
  changes(): RecordChange[] {
    return this.entries.flatMap(({ change }) =>
      change ? [{ ...change, channel: change.channel ?? this.who.origin.channel }] : [],
    );
  }

  /** Inserts the collected revisions in `primary`'s transaction (bulk for many: `insertMany`). */
  async flush(primary: () => Promise<Knex.Transaction>): Promise<void> {
    const rows = this.entries.flatMap((entry) => (entry.row ? [entry.row] : []));
    if (rows.length === 0) return;
    for (const entry of this.entries) entry.row = null;
    const db = await primary();
    const [only] = rows;
    if (rows.length === 1 && only) {
      // the common case, one record written: a statement prepared once per connection, or on
      // PostgreSQL one sent with the COMMIT (no round trip of its own)
      await sqlDialect(dialectOf(db)).insertAtCommit(
        db,
        'revision_insert_one',
        SHARED_STATE.revision,
        REVISION_COLUMNS,
        REVISION_COLUMNS.map((column) => only[column]),
      );
      return;
    }
    // many (an import): without the query builder, whose compiling of large INSERTs costs more
    await sqlDialect(dialectOf(db)).insertMany(
      db,
      'revision_insert',
      SHARED_STATE.revision,
      REVISION_COLUMNS,
      rows.map((row) => REVISION_COLUMNS.map((column) => row[column])),
      INTEGER_COLUMNS,
    );
  }
}
