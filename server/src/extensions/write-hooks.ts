import type { ItemTable } from '../services/items/item-table';
import type { KeyValues } from '../services/items/record-keys';
import type { WriteContext } from '../services/items/write-context';

type Values = Record<string, unknown>;

/** What every write hook receives: the write (its transaction, clock and caller) and the table. */
export interface WriteEvent {
  /** The write in progress: `write.db` is its transaction, `write.userId` / `write.authorities` the caller. */
  write: WriteContext;
  item: ItemTable;
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

/**
 * Record write hooks of one extension (or of the core). Each runs inside the write's transaction:
 * throwing (an ApiException for a clear answer) refuses the whole write and rolls it back.
 */
export interface WriteHook {
  /** Who registered it (an extension name, or `core`); shown in errors. */
  name: string;
  /** Metadata names of the tables it watches, or `*` for every table. */
  tables: '*' | readonly string[];
  beforeCreate?: (event: BeforeCreateEvent) => Promise<void> | void;
  afterCreate?: (event: AfterCreateEvent) => Promise<void> | void;
  beforeUpdate?: (event: BeforeUpdateEvent) => Promise<void> | void;
  afterUpdate?: (event: AfterUpdateEvent) => Promise<void> | void;
  beforeDelete?: (event: DeleteEvent) => Promise<void> | void;
  afterDelete?: (event: DeleteEvent) => Promise<void> | void;
}

export type WriteStage = Exclude<keyof WriteHook, 'name' | 'tables'>;

type EventOf<S extends WriteStage> = Parameters<NonNullable<WriteHook[S]>>[0];

/** The registered hooks, called in registration order (the core's own first). */
export interface WriteHooks {
  readonly hooks: readonly WriteHook[];
  run<S extends WriteStage>(stage: S, event: EventOf<S>): Promise<void>;
}

const watches = (hook: WriteHook, item: ItemTable) =>
  hook.tables === '*' || hook.tables.includes(item.table.name);

export const createWriteHooks = (hooks: readonly WriteHook[]): WriteHooks => ({
  hooks,
  async run(stage, event) {
    for (const hook of hooks) {
      const handler = hook[stage] as ((event: unknown) => Promise<void> | void) | undefined;
      if (handler && watches(hook, event.item)) await handler(event);
    }
  },
});
