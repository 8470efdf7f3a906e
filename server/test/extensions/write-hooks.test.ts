import { describe, expect, it } from 'vitest';
import { createWriteHooks, type CommitEvent, type WriteHook } from '../../src/extensions/write-hooks';
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

const table = (name: string, systemable: boolean) => ({ name, systemable }) as StoredTable;
const itemOf = (stored: StoredTable) => ({ table: stored }) as ItemTable;

describe('createWriteHooks', () => {
  it('runs a system-only hook for the system table of that name, not for a business table sharing it', async () => {
    const seen: string[] = [];
    const hooks = createWriteHooks([
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
    ]);
    await hooks.run('beforeCreate', { write, item: itemOf(table('user', true)), values: {}, path: '' });
    await hooks.run('beforeCreate', { write, item: itemOf(table('user', false)), values: {}, path: '' });
    await hooks.run('beforeCreate', { write, item: itemOf(table('orders', false)), values: {}, path: '' });
    expect(seen).toEqual(['core:true', 'ext:true', 'all', 'ext:false', 'all', 'all']);
  });

  it('runs beforeCommit once per write when any reached table is watched, in registration order', async () => {
    const seen: string[] = [];
    const commit =
      (name: string): WriteHook['beforeCommit'] =>
      (event: CommitEvent) =>
        void seen.push(`${name}:${event.tables.length}`);
    const hooks = createWriteHooks([
      { name: 'a', tables: ['user', 'role'], systemOnly: true, beforeCommit: commit('a') },
      { name: 'b', tables: ['orders'], beforeCommit: commit('b') },
      { name: 'c', tables: '*', beforeCommit: commit('c') },
    ]);
    await hooks.runBeforeCommit({ write, tables: [table('user', true), table('role', true)] });
    await hooks.runBeforeCommit({ write, tables: [table('user', false), table('orders', false)] });
    expect(seen).toEqual(['a:2', 'c:2', 'b:2', 'c:2']);
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
    ]);
    const commits = systemTableHooks.filter((hook) => hook.beforeCommit);
    expect(commits.map((hook) => hook.tables)).toEqual([['user', 'role', 'userRole']]);
  });

  it('leave a soft delete of users to the other rules (it only sets a flag)', async () => {
    const users = systemTableHooks.find((hook) => hook.beforeDelete && hook.tables.includes('user'));
    const beforeDelete = users?.beforeDelete;
    if (!beforeDelete) throw new Error('no delete rule for users');
    const remove = async (soft: boolean) =>
      beforeDelete({ write, item: itemOf(table('user', true)), keys: [{ id: 1 }], soft });
    await expect(remove(true)).resolves.toBeUndefined();
    await expect(remove(false)).rejects.toThrow('unexpected use of write.');
  });
});
