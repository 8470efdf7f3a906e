import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { afterEach, describe, expect, it } from 'vitest';
import { createKnex } from '../../src/db/create-knex';
import { isSqliteRead } from '../../src/db/sqlite-read-statement';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const openSqlite = (): Knex => {
  const dir = mkdtempSync(join(tmpdir(), 'crudboard-reads-'));
  dirs.push(dir);
  return createKnex({
    name: 'primary',
    caption: 'primary',
    client: 'sqlite',
    connection: join(dir, 'db.sqlite'),
    database: 'db.sqlite',
  });
};

const count = async (db: Knex) => Number(((await db('memo').count({ n: '*' })) as { n: unknown }[])[0]?.n);

describe('isSqliteRead', () => {
  it('takes selects and reading pragmas, nothing that writes', () => {
    expect(isSqliteRead({ _method: 'select' })).toBe(true);
    expect(isSqliteRead({ _method: 'first' })).toBe(true);
    expect(isSqliteRead({ _method: 'pluck' })).toBe(true);
    for (const method of ['insert', 'update', 'del', 'truncate', 'columnInfo']) {
      expect(isSqliteRead({ _method: method })).toBe(false);
    }
    expect(isSqliteRead({ isRawInstance: true, sql: '  SELECT 1' })).toBe(true);
    expect(isSqliteRead({ isRawInstance: true, sql: 'PRAGMA table_info(??)' })).toBe(true);
    expect(isSqliteRead({ isRawInstance: true, sql: 'PRAGMA cache_size = -8192' })).toBe(true);
    expect(isSqliteRead({ isRawInstance: true, sql: 'PRAGMA foreign_keys = OFF' })).toBe(false);
    expect(isSqliteRead({ isRawInstance: true, sql: 'PRAGMA journal_mode' })).toBe(false);
    expect(isSqliteRead({ isRawInstance: true, sql: 'WITH x AS (SELECT 1) DELETE FROM t' })).toBe(false);
    expect(isSqliteRead({ isRawInstance: true, sql: 'selectivity' })).toBe(false);
    expect(isSqliteRead({ isRawInstance: true, sql: 'insert into t select 1' })).toBe(false);
    expect(isSqliteRead({})).toBe(false);
  });
});

describe('SQLite reads and writes on their own connections', () => {
  it('answers reads while a write transaction is open, with the last committed state only', async () => {
    const db = openSqlite();
    try {
      await db.schema.createTable('memo', (table) => {
        table.increments('id');
        table.string('name');
      });
      await db('memo').insert({ name: 'before' });
      const order: string[] = [];
      let write: Promise<unknown> = Promise.resolve();
      await db.transaction(async (trx) => {
        await trx('memo').insert({ name: 'inside' });
        expect(await count(trx)).toBe(2);
        // Outside the transaction: the committed state, at once.
        expect(await count(db)).toBe(1);
        expect(await db('memo').pluck('name')).toEqual(['before']);
        order.push('read');
        // A write outside waits for the write connection, without holding up anything else.
        write = db('memo')
          .insert({ name: 'after' })
          .then(() => order.push('write'));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(await count(db)).toBe(1);
        order.push('commit');
      });
      await write;
      expect(order).toEqual(['read', 'commit', 'write']);
      expect(await db('memo').orderBy('id').pluck('name')).toEqual(['before', 'inside', 'after']);
    } finally {
      await db.destroy();
    }
  });

  it('reads with REGEXP and the same cache settings as the write connection', async () => {
    const db = openSqlite();
    try {
      const first = async (sql: string) =>
        Object.values(((await db.raw(sql)) as Record<string, unknown>[])[0] ?? {})[0];
      expect(await first("SELECT 'abc' REGEXP 'b.$'")).toBe(1);
      expect(await first('PRAGMA cache_size')).toBe(-65536);
      expect(await first('PRAGMA mmap_size')).toBe(268435456);
      await db.raw('CREATE TABLE memo (id INTEGER PRIMARY KEY)');
      await db('memo').insert({ id: 1 });
      // The read connection sees what the write connection committed.
      expect(await first('SELECT count(*) FROM memo')).toBe(1);
      expect(await first("PRAGMA table_info('memo')")).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
