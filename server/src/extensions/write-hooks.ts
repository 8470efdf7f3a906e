import type { FastifyBaseLogger } from 'fastify';
import type { ColumnChange, RevisionAction, RevisionChannel } from '../../../contract/revision';
import type { RecordChange } from '../services/history/revision-log';
import type { ItemTable } from '../services/items/item-table';
import type { KeyValues } from '../services/items/record-keys';
import type { WriteContext } from '../services/items/write-context';
import type { StoredTable } from '../services/metadata-rows';

type Values = Record<string, unknown>;

/** What every write hook receives: the write (its transaction, clock and caller) and the table. */
export interface WriteEvent {
  /** The write in progress: `write.db` is its transaction, `write.userId` / `write.authorities` the caller. */
  write: WriteContext;
  item: ItemTable;
  /** The server's logger. */
  log: FastifyBaseLogger;
}

export interface BeforeCreateEvent extends WriteEvent {
  /** The checked column values about to be inserted (passwords still in clear); a hook may change them. */
  values: Values;
  /** Prefix of field-error paths (`children[0].` for a nested record). */
  path: string;
}

export interface AfterCreateEvent extends WriteEvent {
  key: KeyValues;
  values: Values;
}

export interface BeforeUpdateEvent extends WriteEvent {
  /** The stored record before the change. */
  current: Values;
  /** The changed column values; a hook may change them. */
  values: Values;
  path: string;
}

export interface AfterUpdateEvent extends WriteEvent {
  key: KeyValues;
  current: Values;
  values: Values;
}

export interface DeleteEvent extends WriteEvent {
  keys: readonly KeyValues[];
  /** true: a soft delete (`isDeleted` set); false: the rows are removed. */
  soft: boolean;
}

export interface CommitEvent {
  write: WriteContext;
  /** The server's logger. */
  log: FastifyBaseLogger;
  /**
   * The tables the write reached: the record's own and every table it loaded through a relation
   * (nested children, cascades), whether rows of them changed or not.
   */
  tables: readonly StoredTable[];
}

/** A record change as its write committed it: what its revision of record history says. */
export interface CommittedChange {
  /** The table's metadata name. */
  table: string;
  key: KeyValues;
  action: RevisionAction;
  /**
   * The columns changed: a create's new values, an update's old and new, a delete's last values;
   * a PASSWORD column only as `secret: true`, never its value.
   */
  changes: readonly ColumnChange[];
  /** How it was written: `web`, `api`, `token`, `import`, `extension`, `restore`. */
  channel: RevisionChannel;
}

export interface AfterCommitEvent {
  dataSource: string;
  /** Who wrote: a user's id, 0 for an extension's own write outside a request. */
  userId: number;
  userName: string | null;
  /** The request that wrote, the one its revisions and audit entries carry. */
  requestId: string | null;
  /** The write's clock reading, the `at` of its revisions. */
  at: Date;
  /** The committed changes of the tables the hook watches, in the order they were written. */
  changes: readonly CommittedChange[];
  /** The server's logger. */
  log: FastifyBaseLogger;
}

/** What `runAfterCommit` gets from the write that committed. */
export interface CommittedWrite extends Omit<AfterCommitEvent, 'changes' | 'log'> {
  changes: readonly RecordChange[];
}

/**
 * Record write hooks of one extension (or of the core). Each runs inside the write's transaction:
 * throwing (an ApiException for a clear answer) refuses the whole write and rolls it back. A write
 * that loses to a concurrent transaction (MySQL's deadlock error 1213, a Galera node's lost
 * certification at COMMIT) is rolled back whole and run again from the start (write-context.ts):
 * every hook but `afterCommit` then runs again in the new transaction, which is right as long as
 * its effects stay in that transaction (rows, `hookRecords`, `write.primary()`), since the lost
 * run's were rolled back with it; anything else it does (memory, another system) happens once per
 * run.
 */
export interface WriteHook {
  /** Who registered it (an extension name, or `core`); shown in errors. */
  name: string;
  /**
   * Metadata names of the tables it watches, or `*` for every table; or a function answering
   * which, asked once the server has started (its extensions' config read) and taken as fixed:
   * a hook that has nothing to do under its config watches nothing, and costs the writes nothing.
   */
  tables: '*' | readonly string[] | (() => '*' | readonly string[]);
  /**
   * Only crudboard's own system tables of those names (the core's rules): a business table of the
   * same name, on another data source, is not watched.
   */
  systemOnly?: boolean;
  beforeCreate?: (event: BeforeCreateEvent) => Promise<void> | void;
  afterCreate?: (event: AfterCreateEvent) => Promise<void> | void;
  beforeUpdate?: (event: BeforeUpdateEvent) => Promise<void> | void;
  afterUpdate?: (event: AfterUpdateEvent) => Promise<void> | void;
  beforeDelete?: (event: DeleteEvent) => Promise<void> | void;
  afterDelete?: (event: DeleteEvent) => Promise<void> | void;
  /**
   * Once per write (once per run of a write run again after losing to a concurrent one), after
   * every record of it was written and before its transaction commits, when the write reached at
   * least one watched table: the place for rules about the tables as a whole (crudboard's own: an
   * enabled super admin remains).
   */
  beforeCommit?: (event: CommitEvent) => Promise<void> | void;
  /**
   * Once per committed write that changed a record of a watched table, after the commit and
   * before the answer: the place for side effects (a webhook, mail, a queue), which must not
   * happen for a write that rolls back. It cannot refuse the write any more: an error is logged
   * and the answer stays a success. Not called for a write that rolled back, nor for one that
   * changed nothing; a write run again after losing to a concurrent one calls it once, for the
   * run that committed. It runs once, in this server: a crash between the commit and the hook loses
   * the call, so work that must not be lost belongs in a table written by the write itself.
   */
  afterCommit?: (event: AfterCommitEvent) => Promise<void> | void;
}

/** The stages that concern one record of one table. */
export type WriteStage = Exclude<
  keyof WriteHook,
  'name' | 'tables' | 'systemOnly' | 'beforeCommit' | 'afterCommit'
>;

type EventOf<S extends WriteStage> = Parameters<NonNullable<WriteHook[S]>>[0];

type WatchedTable = Pick<StoredTable, 'name' | 'systemable'>;

/** The registered hooks, called in registration order (the core's own first). */
export interface WriteHooks {
  readonly hooks: readonly WriteHook[];
  /** Runs a record stage: the hooks watching `event.item`'s table, looked up once per table. */
  run<S extends WriteStage>(stage: S, event: Omit<EventOf<S>, 'log'>): Promise<void>;
  /** Whether any hook watching `table` has `stage` (a bulk write may then take the record-by-record path). */
  watching(stage: WriteStage, table: WatchedTable): boolean;
  /** Whether an `afterCommit` hook watches `table`: a write then keeps that table's changes for it. */
  waitsForCommit(table: WatchedTable): boolean;
  /** Runs `beforeCommit` of each hook watching one of the tables the write reached (once each). */
  runBeforeCommit(event: Omit<CommitEvent, 'log'>): Promise<void>;
  /** Whether any hook has `afterCommit`: writes then keep their changes for it. */
  readonly afterCommit: boolean;
  /**
   * Runs `afterCommit` of each hook watching a table with committed changes, with those changes;
   * an error is logged, never thrown (the write has committed).
   */
  runAfterCommit(write: CommittedWrite): Promise<void>;
}

const watches = (hook: WriteHook, table: WatchedTable) => {
  const tables = typeof hook.tables === 'function' ? hook.tables() : hook.tables;
  return tables === '*' || (tables.includes(table.name) && (!hook.systemOnly || table.systemable === true));
};

/** The hooks in the order given; `log` is the server's logger, handed to `afterCommit` and told its errors. */
export const createWriteHooks = (hooks: readonly WriteHook[], log: FastifyBaseLogger): WriteHooks => {
  const byTable = new Map<string, readonly WriteHook[]>();
  /** The hooks watching a table, in registration order: filtered once, then one map lookup. */
  const hooksOf = (table: WatchedTable): readonly WriteHook[] => {
    const lookup = `${table.systemable === true ? 'system' : 'business'}:${table.name}`;
    let found = byTable.get(lookup);
    if (!found) {
      found = hooks.filter((hook) => watches(hook, table));
      byTable.set(lookup, found);
    }
    return found;
  };
  return {
    hooks,
    async run(stage, event) {
      const hooks = hooksOf(event.item.table);
      if (!hooks.some((hook) => hook[stage] !== undefined)) return;
      const withLog = { ...event, log };
      for (const hook of hooks) {
        const handler = hook[stage] as ((event: unknown) => Promise<void> | void) | undefined;
        if (handler) await handler(withLog);
      }
    },
    watching: (stage, table) => hooksOf(table).some((hook) => hook[stage] !== undefined),
    waitsForCommit: (table) => hooksOf(table).some((hook) => hook.afterCommit !== undefined),
    async runBeforeCommit(event) {
      for (const hook of hooks) {
        if (hook.beforeCommit && event.tables.some((table) => watches(hook, table)))
          await hook.beforeCommit({ ...event, log });
      }
    },
    afterCommit: hooks.some((hook) => hook.afterCommit !== undefined),
    async runAfterCommit({ changes, ...write }) {
      for (const hook of hooks) {
        if (!hook.afterCommit) continue;
        const watched = changes.filter((change) => watches(hook, change.item.table));
        if (watched.length === 0) continue;
        try {
          await hook.afterCommit({
            ...write,
            log,
            changes: watched.map((change) => ({
              table: change.item.table.name,
              key: change.key,
              action: change.action,
              changes: change.changes,
              channel: change.channel ?? 'extension',
            })),
          });
        } catch (error) {
          log.error({ err: error, hook: hook.name }, 'afterCommit hook failed; the write is committed');
        }
      }
    },
  };
};
