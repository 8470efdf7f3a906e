import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { afterEach, describe, expect, it } from 'vitest';
import { createKnex } from '../../src/db/create-knex';
import { cachedRead, scopesWrittenBy, writeVersion } from '../../src/db/write-versions';

const open: { dir: string; knex: Knex }[] = [];
afterEach(async () => {
  for (const { dir, knex } of open.splice(0)) {
    await knex.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

const sqlite = async (): Promise<Knex> => {
  const dir = mkdtempSync(join(tmpdir(), 'crudboard-versions-'));
  const knex = createKnex({
    name: 'primary',
    caption: 'primary',
    client: 'sqlite',
    connection: join(dir, 'db.sqlite'),
    database: 'db.sqlite',
  });
  open.push({ dir, knex });
  await knex.raw('CREATE TABLE cb_meta_table (id INTEGER PRIMARY KEY, name TEXT)');
  await knex.raw('CREATE TABLE cb_user (id INTEGER PRIMARY KEY, name TEXT)');
  await knex.raw('CREATE TABLE thing (id INTEGER PRIMARY KEY, name TEXT)');
  return knex;
};

describe('scopesWrittenBy', () => {
  it('names the scopes of writing statements only', () => {
    expect(scopesWrittenBy('select * from "cb_meta_table"')).toEqual([]);
    expect(scopesWrittenBy('  SELECT 1 FROM cb_user')).toEqual([]);
    expect(scopesWrittenBy('insert into `cb_meta_column` (`name`) values (?)')).toEqual(['metadata']);
    expect(scopesWrittenBy('delete from "cb_meta_relation" where "id" = ?')).toEqual(['metadata']);
    expect(scopesWrittenBy('update "cb_meta_index_line" set x = 1')).toEqual(['metadata']);
    expect(scopesWrittenBy('update "cb_meta_sequence" set "nextValue" = 2')).toEqual([]);
    expect(scopesWrittenBy('update "cb_user_role" set "roleId" = 1')).toEqual(['principal']);
    expect(scopesWrittenBy('update "cb_table_permission" set x = 1')).toEqual(['principal']);
    expect(scopesWrittenBy('delete from "cb_session" where "userId" = ?')).toEqual(['principal']);
    expect(scopesWrittenBy('update "cb_session" set "expiresAt" = ?')).toEqual([]);
    expect(scopesWrittenBy('insert into "cb_users_log" (x) values (1)')).toEqual([]);
    expect(scopesWrittenBy('update "thing" set name = 1')).toEqual([]);
    expect(scopesWrittenBy(undefined)).toEqual([]);
  });
});

describe('observed writes', () => {
  it('bumps the version of the scope a statement writes, not on reads or other tables', async () => {
    const knex = await sqlite();
    const metadata = writeVersion(knex, 'metadata');
    const principal = writeVersion(knex, 'principal');
    await knex('cb_meta_table').select('*');
    await knex('thing').insert({ name: 'a' });
    expect(writeVersion(knex, 'metadata')).toBe(metadata);
    await knex('cb_meta_table').insert({ name: 'a' });
    expect(writeVersion(knex, 'metadata')).toBeGreaterThan(metadata);
    expect(writeVersion(knex, 'principal')).toBe(principal);
    await knex('cb_user').insert({ name: 'u' });
    expect(writeVersion(knex, 'principal')).toBeGreaterThan(principal);
  });

  it('bumps again when a writing transaction ends, committed or rolled back', async () => {
    const knex = await sqlite();
    let inside = 0;
    await knex.transaction(async (trx) => {
      await trx('cb_meta_table').insert({ name: 'a' });
      inside = writeVersion(knex, 'metadata');
    });
    expect(writeVersion(knex, 'metadata')).toBeGreaterThan(inside);

    await expect(
      knex.transaction(async (trx) => {
        await trx('cb_meta_table').insert({ name: 'b' });
        inside = writeVersion(knex, 'metadata');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(writeVersion(knex, 'metadata')).toBeGreaterThan(inside);

    const before = writeVersion(knex, 'metadata');
    await knex.transaction(async (trx) => {
      await trx('thing').insert({ name: 'c' });
    });
    expect(writeVersion(knex, 'metadata')).toBe(before);
  });

  it('caches reads until a write, and never keeps a value read while a write happened', async () => {
    const knex = await sqlite();
    const cache = cachedRead<string[]>('metadata');
    let reads = 0;
    const names = () =>
      cache.get(knex, 'names', async () => {
        reads += 1;
        return (await knex('cb_meta_table').select('name').orderBy('id')).map((row) => String(row.name));
      });
    expect(await names()).toEqual([]);
    expect(await names()).toEqual([]);
    expect(reads).toBe(1);

    await knex('cb_meta_table').insert({ name: 'a' });
    expect(await names()).toEqual(['a']);
    expect(reads).toBe(2);

    // A write that lands while the value is being read: that value is answered once, not kept.
    const racing = () =>
      cache.get(knex, 'racing', async () => {
        reads += 1;
        await knex('cb_meta_table').insert({ name: `r${reads}` });
        return [`read ${reads}`];
      });
    expect(await racing()).toEqual([`read ${reads}`]);
    const first = reads;
    expect(await racing()).toEqual([`read ${first + 1}`]);
    expect(await names()).toEqual(['a', `r${first}`, `r${first + 1}`]);

    // Read inside a transaction: answered, not kept.
    await knex.transaction(async (trx) => {
      await trx('cb_meta_table').insert({ name: 'c' });
      expect(await cache.get(trx, 'names', async () => ['in transaction'])).toEqual(['in transaction']);
    });
    expect((await names()).at(-1)).toBe('c');
  });
});
