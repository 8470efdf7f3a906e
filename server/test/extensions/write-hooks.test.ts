import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createWriteHooks,
  type AfterCommitEvent,
  type CommitEvent,
  type WriteHook,
} from '../../src/extensions/write-hooks';
import type { RecordChange } from '../../src/services/history/revision-log';
import type { ItemTable } from '../../src/services/items/item-table';
import type { WriteContext } from '../../src/services/items/write-context';
import type { StoredTable } from '../../src/services/metadata-rows';
import { systemTableHooks } from '../../src/services/system-tables/system-table-hooks';

/** A write whose every property throws: the hooks under test must not touch it. */
const write = new Proxy({} as WriteContext, {
  get: (_, property) => {
    throw new Error(`unexpected use of write.${String(property)}`);
  },
});

/** A logger whose every method throws, unless the test lists it in `allowed` (calls land in `calls`). */
const loggerAllowing = (allowed: readonly string[] = [], calls: unknown[][] = []): FastifyBaseLogger =>
  new Proxy({} as FastifyBaseLogger, {
    get: (_, property) => {
      if (!allowed.includes(String(property))) throw new Error(`unexpected use of log.${String(property)}`);
      return (...args: unknown[]) => void calls.push([property, ...args]);
    },
  });

const table = (name: string, systemable: boolean) => ({ name, systemable }) as StoredTable;
const itemOf = (stored: StoredTable) => ({ table: stored }) as ItemTable;

describe('createWriteHooks', () => {
  it('runs a system-only hook for the system table of that name, not for a business table sharing it', async () => {
    const seen: string[] = [];
    const hooks = createWriteHooks(
      [
        {
          name: 'core',
          tables: ['user'],
          systemOnly: true,
          beforeCreate: ({ item }) => void seen.push(`core:${String(item.table.systemable)}`),
        },
        {
          name: 'ext',
          tables: ['user'],
          beforeCreate: ({ item }) => void seen.push(`ext:${String(item.table.systemable)}`),
        },
        { name: 'all', tables: '*', beforeCreate: () => void seen.push('all') },
      ],
      loggerAllowing(),
    );
    await hooks.run('beforeCreate', { write, item: itemOf(table('user', true)), values: {}, path: '' });
    await hooks.run('beforeCreate', { write, item: itemOf(table('user', false)), values: {}, path: '' });
    await hooks.run('beforeCreate', { write, item: itemOf(table('orders', false)), values: {}, path: '' });
    expect(seen).toEqual(['core:true', 'ext:true', 'all', 'ext:false', 'all', 'all']);
  });

  it("hands every hook the server's logger with its event", async () => {
    const log = loggerAllowing();
    const seen: unknown[] = [];
    const hooks = createWriteHooks(
      [
        { name: 'a', tables: '*', beforeCreate: (event) => void seen.push(event.log) },
        { name: 'b', tables: '*', beforeCommit: (event) => void seen.push(event.log) },
      ],
      log,
    );
    const values = { name: 'x' };
    await hooks.run('beforeCreate', { write, item: itemOf(table('orders', false)), values, path: '' });
    await hooks.runBeforeCommit({ write, tables: [table('orders', false)] });
    expect(seen).toHaveLength(2);
    expect(seen.every((given) => given === log)).toBe(true);
  });

  it('runs beforeCommit once per write when any reached table is watched, in registration order', async () => {
    const seen: string[] = [];
    const commit =
      (name: string): WriteHook['beforeCommit'] =>
      (event: CommitEvent) =>
        void seen.push(`${name}:${event.tables.length}`);
    const hooks = createWriteHooks(
      [
        { name: 'a', tables: ['user', 'role'], systemOnly: true, beforeCommit: commit('a') },
        { name: 'b', tables: ['orders'], beforeCommit: commit('b') },
        { name: 'c', tables: '*', beforeCommit: commit('c') },
      ],
      loggerAllowing(),
    );
    await hooks.runBeforeCommit({ write, tables: [table('user', true), table('role', true)] });
    await hooks.runBeforeCommit({ write, tables: [table('user', false), table('orders', false)] });
    expect(seen).toEqual(['a:2', 'c:2', 'b:2', 'c:2']);
  });
});

describe('afterCommit', () => {
  const change = (name: string, id: number, action: RecordChange['action'] = 'create'): RecordChange => ({
    item: itemOf(table(name, false)),
    key: { id },
    action,
    changes: [{ column: 'name', new: `n${String(id)}` }],
    ...(id === 3 ? { channel: 'extension' as const } : {}),
  });
  const committed = (changes: RecordChange[]) => ({
    dataSource: 'primary',
    userId: 7,
    userName: 'ann',
    requestId: 'req-1',
    at: new Date(1_000),
    changes,
  });

  it('gives each hook the committed changes of the tables it watches, once per write, none when it watches none', async () => {
    const seen: { hook: string; event: Omit<AfterCommitEvent, 'log'> }[] = [];
    const log = loggerAllowing();
    const record =
      (hook: string): WriteHook['afterCommit'] =>
      ({ log: given, ...event }) => {
        expect(given).toBe(log);
        seen.push({ hook, event });
      };
    const hooks = createWriteHooks(
      [
        { name: 'orders', tables: ['orders'], afterCommit: record('orders') },
        { name: 'all', tables: '*', afterCommit: record('all') },
        { name: 'none', tables: ['invoices'], afterCommit: record('none') },
        { name: 'plain', tables: '*', afterCreate: () => undefined },
      ],
      log,
    );
    expect(hooks.afterCommit).toBe(true);
    await hooks.runAfterCommit(
      committed([change('orders', 1), change('lines', 2), change('orders', 3, 'delete')]),
    );
    expect(
      seen.map(
        ({ hook, event }) =>
          `${hook}:${event.changes.map((c) => `${c.table}/${String(c.key.id)}/${c.action}/${c.channel}`).join(',')}`,
      ),
    ).toEqual([
      'orders:orders/1/create/extension,orders/3/delete/extension',
      'all:orders/1/create/extension,lines/2/create/extension,orders/3/delete/extension',
    ]);
    expect(seen[0]?.event).toMatchObject({
      dataSource: 'primary',
      userId: 7,
      userName: 'ann',
      requestId: 'req-1',
    });
    expect(seen[0]?.event.changes[0]?.changes).toEqual([{ column: 'name', new: 'n1' }]);
    expect(createWriteHooks([{ name: 'x', tables: '*' }], log).afterCommit).toBe(false);
  });

  it('waits for the commit of a table only when an afterCommit hook watches it, tables given by a function too', () => {
    let asked = 0;
    let configured: '*' | string[] = [];
    const hooks = createWriteHooks(
      [
        { name: 'orders', tables: ['orders'], afterCommit: () => undefined },
        {
          name: 'configured',
          tables: () => {
            asked += 1;
            return configured;
          },
          afterCommit: () => undefined,
        },
        { name: 'plain', tables: '*', afterCreate: () => undefined },
      ],
      loggerAllowing(),
    );
    expect(hooks.waitsForCommit({ name: 'orders', systemable: false })).toBe(true);
    // the function's hook watches nothing: no other table waits
    expect(hooks.waitsForCommit({ name: 'lines', systemable: false })).toBe(false);
    // asked once per table, then taken as fixed
    configured = '*';
    expect(hooks.waitsForCommit({ name: 'lines', systemable: false })).toBe(false);
    expect(hooks.waitsForCommit({ name: 'invoices', systemable: false })).toBe(true);
    expect(asked).toBe(3);
  });

  it('logs a failing hook and goes on with the next: the write has committed', async () => {
    const calls: unknown[][] = [];
    const seen: string[] = [];
    const hooks = createWriteHooks(
      [
        {
          name: 'broken',
          tables: '*',
          afterCommit: () => {
            throw new Error('webhook down');
          },
        },
        { name: 'next', tables: '*', afterCommit: () => void seen.push('next') },
      ],
      loggerAllowing(['error'], calls),
    );
    await expect(hooks.runAfterCommit(committed([change('orders', 1)]))).resolves.toBeUndefined();
    expect(seen).toEqual(['next']);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toBe('error');
    expect(calls[0]?.[1]).toMatchObject({ hook: 'broken', err: new Error('webhook down') });
  });
});

describe('systemTableHooks', () => {
  it('watch only system tables, each record hook one table, the super-admin check once for users, roles and user roles', () => {
    for (const hook of systemTableHooks) expect(hook.systemOnly).toBe(true);
    const recordTables = systemTableHooks.filter((hook) => !hook.beforeCommit).map((hook) => hook.tables);
    expect(recordTables).toEqual([
      ['user'],
      ['role'],
      ['userRole'],
      ['tableFormBuilder'],
      ['columnExtProperty'],
      ['tablePermission'],
      ['webhook'],
      ['schedule'],
    ]);
    const commits = systemTableHooks.filter((hook) => hook.beforeCommit);
    expect(commits.map((hook) => hook.tables)).toEqual([['user', 'role', 'userRole']]);
  });

  it('leave a soft delete of users to the other rules (it only sets a flag)', async () => {
    const users = systemTableHooks.find(
      (hook) => hook.beforeDelete && Array.isArray(hook.tables) && hook.tables.includes('user'),
    );
    const beforeDelete = users?.beforeDelete;
    if (!beforeDelete) throw new Error('no delete rule for users');
    const remove = async (soft: boolean) =>
      beforeDelete({
        write,
        item: itemOf(table('user', true)),
        keys: [{ id: 1 }],
        soft,
        log: loggerAllowing(),
      });
    await expect(remove(true)).resolves.toBeUndefined();
    await expect(remove(false)).rejects.toThrow('unexpected use of write.');
  });
});
