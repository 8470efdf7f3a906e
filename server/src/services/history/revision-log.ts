import type { Knex } from 'knex';
import type { ColumnChange, RevisionAction, RevisionChannel } from '../../../../contract/revision';
import { SHARED_STATE } from '../../db/table-names';
import type { ItemTable } from '../items/item-table';
import { keyText, type KeyValues } from '../items/record-keys';
import { dialectOf } from '../../db/dialect';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { batchable } from './batch-revisions';
import {
  BATCH_MIN_RECORDS,
  batchColumnsOf,
  batchKeyOf,
  batchValuesOf,
  changesFrom,
  packCreateBatches,
} from './pack-create-batches';

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
/** A revision row to insert, its columns in `REVISION_COLUMNS`. */
type NewRevision = Record<(typeof REVISION_COLUMNS)[number], string | number | null>;

/** The revision columns holding whole numbers. */
const INTEGER_COLUMNS: ReadonlySet<string> = new Set(['at', 'userId']);

/** A create batch's row (pack-create-batches.ts): a revision's columns and its key range. */
type BatchRow = NewRevision & { keyFrom: number; keyTo: number; keyCount: number };

const BATCH_COLUMNS = [...REVISION_COLUMNS, 'keyFrom', 'keyTo', 'keyCount'] as const;

/** A create that may go in a batch, kept as it came until the flush knows whether it does. */
interface PendingCreate {
  tableName: string;
  channel: RevisionChannel;
  recordKey: string;
  key: number;
  /**
   * Its batch group and new values (batchValuesOf, in the group's columns' order): made once the
   * write has created enough records to batch, none before.
   */
  packed: { group: CreateGroup; values: string } | null;
  /**
   * Its changes as they came, kept for a write's first creates only: a create that keeps a row of
   * its own is written from them; a large import's, which go in batches, are let go at once.
   */
  changes: readonly ColumnChange[] | null;
}

/** The creates that may share batches: of one table and channel, setting the same columns. */
interface CreateGroup {
  columns: string[];
  name: string;
}

/**
 * One change collected: the revision row to insert, or the create that may go in a batch (neither
 * once inserted, or without history); and the change kept for after the commit.
 */
interface Entry {
  row: NewRevision | null;
  create: PendingCreate | null;
  change: RecordChange | null;
}

/**
 * The revisions one write collects while it runs, inserted into `primary` at its end, before it
 * commits (write-context.ts): so a refused or rolled-back write leaves none and a committed one
 * always has its own. An update that changes nothing records nothing. The changes of a table
 * `keeps` answers true for (an `afterCommit` hook, a webhook or a flow waits for them) are also
 * kept, of tables without history too, for after the commit. The creates of many records of one
 * table go in batches (pack-create-batches.ts).
 */
export class RevisionLog {
  /** In the order written. */
  private readonly entries: Entry[] = [];

  constructor(
    private readonly who: { dataSource: string; userId: number; origin: WriteOrigin },
    readonly at: Date,
    private readonly keeps: (item: ItemTable) => boolean = () => false,
  ) {}

  /** `keeps` per table, asked once per write. */
  private readonly keptTables = new Map<ItemTable, boolean>();

  private keepsChangesOf(item: ItemTable): boolean {
    let kept = this.keptTables.get(item);
    if (kept === undefined) {
      kept = this.keeps(item);
      this.keptTables.set(item, kept);
    }
    return kept;
  }

  add(change: RecordChange): void {
    if (change.changes.length === 0 && change.action === 'update') return;
    const kept = this.keepsChangesOf(change.item) ? change : null;
    if (!recordsHistory(change.item)) {
      if (kept) this.entries.push({ row: null, create: null, change: kept });
      return;
    }
    const recordKey = revisionKey(change.item, change.key);
    const channel = change.channel ?? this.who.origin.channel;
    const key = change.action === 'create' && batchable(change.item) ? batchKeyOf(recordKey) : null;
    const tableName = change.item.table.name;
    if (key !== null) {
      const many = this.creates >= BATCH_MIN_RECORDS;
      this.creates += 1;
      const create: PendingCreate = {
        tableName,
        channel,
        recordKey,
        key,
        packed: many ? this.pack(tableName, channel, change.changes) : null,
        changes: many ? null : change.changes,
      };
      this.entries.push({ row: null, create, change: kept });
      return;
    }
    const row = this.rowOf(tableName, recordKey, change.action, channel, JSON.stringify(change.changes));
    this.entries.push({ row, create: null, change: kept });
  }

  /** Creates collected that may go in batches. */
  private creates = 0;

  /** The groups of this write's creates, by name: one object each. */
  private readonly groups = new Map<string, CreateGroup>();

  /** The last create's group and columns: an import's records mostly set the same columns. */
  private lastGroup: {
    tableName: string;
    channel: RevisionChannel;
    changes: readonly ColumnChange[];
    group: CreateGroup;
  } | null = null;

  /** A create's batch group and values. */
  private pack(
    tableName: string,
    channel: RevisionChannel,
    changes: readonly ColumnChange[],
  ): { group: CreateGroup; values: string } {
    return { group: this.groupOf(tableName, channel, changes), values: batchValuesOf(changes) };
  }

  private groupOf(
    tableName: string,
    channel: RevisionChannel,
    changes: readonly ColumnChange[],
  ): CreateGroup {
    const last = this.lastGroup;
    if (
      last &&
      last.tableName === tableName &&
      last.channel === channel &&
      last.changes.length === changes.length &&
      last.changes.every(
        (change, at) => change.column === changes[at]?.column && change.secret === changes[at]?.secret,
      )
    )
      return last.group;
    const columns = batchColumnsOf(changes);
    const name = `${tableName}\u0000${channel}\u0000${columns.join('\u0000')}`;
    const group = this.groups.get(name) ?? { columns, name };
    this.groups.set(name, group);
    this.lastGroup = { tableName, channel, changes, group };
    return group;
  }

  /** A revision row of this write. */
  private rowOf(
    tableName: string,
    recordKey: string,
    action: RevisionAction,
    channel: RevisionChannel,
    changes: string,
  ): NewRevision {
    const { origin } = this.who;
    return {
      dataSource: this.who.dataSource,
      tableName,
      recordKey,
      action,
      at: this.at.getTime(),
      userId: this.who.userId || null,
      userName: origin.userName?.slice(0, 200) ?? null,
      channel,
      requestId: origin.requestId?.slice(0, 64) ?? null,
      changes,
    };
  }

  /**
   * The rows to insert: the revisions that keep a row each, and the create batches. A create goes
   * in a batch only when its record has no other revision in the write (so that a record's
   * revisions stay in order), with enough others of its table (`BATCH_MIN_RECORDS`).
   */
  private rowsToInsert(): { rows: NewRevision[]; batches: BatchRow[] } {
    const rows: NewRevision[] = [];
    const single = (create: PendingCreate) => {
      const changes =
        create.changes ??
        (create.packed
          ? changesFrom(create.packed.group.columns, JSON.parse(create.packed.values) as unknown[])
          : []);
      return this.rowOf(
        create.tableName,
        create.recordKey,
        'create',
        create.channel,
        JSON.stringify(changes),
      );
    };
    if (this.creates < BATCH_MIN_RECORDS) {
      // too few creates to batch: each a row of its own, in the order written
      for (const { row, create } of this.entries) {
        if (row) rows.push(row);
        if (create) rows.push(single(create));
      }
      return { rows, batches: [] };
    }
    const others = new Set<string>();
    for (const { row } of this.entries)
      if (row) others.add(`${String(row.tableName)}\u0000${String(row.recordKey)}`);
    // one whose record has another revision in the write keeps its place among them
    const apart = (create: PendingCreate) =>
      others.size > 0 && others.has(`${create.tableName}\u0000${create.recordKey}`);
    const sizes = new Map<CreateGroup, number>();
    for (const { create } of this.entries) {
      if (!create || apart(create)) continue;
      create.packed ??= this.pack(create.tableName, create.channel, create.changes ?? []);
      sizes.set(create.packed.group, (sizes.get(create.packed.group) ?? 0) + 1);
    }
    const groups = new Map<
      CreateGroup,
      { key: number; recordKey: string; values: string; create: PendingCreate }[]
    >();
    for (const { row, create } of this.entries) {
      if (row) rows.push(row);
      if (!create) continue;
      const { packed } = create;
      // too few to batch: a row of its own, in the order written
      if (!packed || apart(create) || (sizes.get(packed.group) ?? 0) < BATCH_MIN_RECORDS) {
        rows.push(single(create));
        continue;
      }
      const candidate = { key: create.key, recordKey: create.recordKey, values: packed.values, create };
      const collected = groups.get(packed.group);
      if (collected) collected.push(candidate);
      else groups.set(packed.group, [candidate]);
    }
    const batches: BatchRow[] = [];
    for (const [{ columns }, candidates] of groups) {
      const [first] = candidates;
      if (!first) continue;
      const packed = packCreateBatches(columns, candidates);
      for (const index of packed.single) {
        const one = candidates[index];
        if (one) rows.push(single(one.create));
      }
      for (const batch of packed.batches) {
        batches.push({
          ...this.rowOf(
            first.create.tableName,
            `${batch.keyFrom}..${batch.keyTo}`,
            'create',
            first.create.channel,
            batch.changes,
          ),
          keyFrom: batch.keyFrom,
          keyTo: batch.keyTo,
          keyCount: batch.members.length,
        });
      }
    }
    return { rows, batches };
  }

  /**
   * Whether a change of `item` is wanted: for its history, or kept for after the commit
   * (`keeps`): a bulk writer reads a record's key and values only when one is.
   */
  wants(item: ItemTable): boolean {
    return recordsHistory(item) || this.keepsChangesOf(item);
  }

  /** How many changes are collected: a savepoint notes it, and on rollback `truncate`s back to it. */
  get size(): number {
    return this.entries.length;
  }

  truncate(size: number): void {
    this.entries.length = Math.min(this.entries.length, size);
  }

  /** The changes kept (`keeps`), in the order written; the channel filled in. */
  changes(): RecordChange[] {
    return this.entries.flatMap(({ change }) =>
      change ? [{ ...change, channel: change.channel ?? this.who.origin.channel }] : [],
    );
  }

  /**
   * Inserts the collected revisions in `primary`'s transaction (bulk for many: `insertMany`; the
   * creates of a large import in batches).
   */
  async flush(primary: () => Promise<Knex.Transaction>): Promise<void> {
    if (!this.entries.some((entry) => entry.row ?? entry.create)) return;
    const { rows, batches } = this.rowsToInsert();
    for (const entry of this.entries) {
      entry.row = null;
      entry.create = null;
    }
    const db = await primary();
    const dialect = sqlDialect(dialectOf(db));
    // a few large rows, one prepared statement each: their texts go as they are, never escaped
    for (const batch of batches) {
      await dialect.insertPrepared(
        db,
        'revision_batch',
        SHARED_STATE.revision,
        BATCH_COLUMNS,
        BATCH_COLUMNS.map((column) => batch[column]),
      );
    }
    const [only] = rows;
    if (rows.length === 1 && only) {
      // the common case, one record written: a statement prepared once per connection, or on
      // PostgreSQL one sent with the COMMIT (no round trip of its own)
      await dialect.insertAtCommit(
        db,
        'revision_insert_one',
        SHARED_STATE.revision,
        REVISION_COLUMNS,
        REVISION_COLUMNS.map((column) => only[column]),
      );
      return;
    }
    if (rows.length === 0) return;
    // many (an import): without the query builder, whose compiling of large INSERTs costs more
    await dialect.insertMany(
      db,
      'revision_insert',
      SHARED_STATE.revision,
      REVISION_COLUMNS,
      rows.map((row) => REVISION_COLUMNS.map((column) => row[column])),
      INTEGER_COLUMNS,
    );
  }
}
