import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheStatements } from '../../src/db/statement-cache';

const open = (size?: number) => {
  const db = new Database(':memory:');
  let prepared = 0;
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    prepared += 1;
    return prepare(sql);
  }) as typeof db.prepare;
  cacheStatements(db, size);
  return { db, prepared: () => prepared };
};

describe('cacheStatements', () => {
  it('reuses a statement per SQL text and answers the same rows', () => {
    const { db, prepared } = open();
    db.prepare('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)').run();
    const insert = 'INSERT INTO t (v) VALUES (?)';
    for (const v of ['a', 'b', 'c']) db.prepare(insert).run(v);
    expect(prepared()).toBe(2);
    expect(db.prepare('SELECT v FROM t ORDER BY id').all()).toEqual([{ v: 'a' }, { v: 'b' }, { v: 'c' }]);
    expect(db.prepare('SELECT v FROM t ORDER BY id').all()).toHaveLength(3);
    expect(prepared()).toBe(3);
  });

  it('hands statements out with safeIntegers off, whatever the last user set', () => {
    const { db } = open();
    const sql = 'SELECT 9007199254740993 AS n';
    const first = db.prepare(sql);
    first.safeIntegers(true);
    expect(first.get()).toEqual({ n: 9007199254740993n });
    expect(db.prepare(sql).get()).toEqual({ n: 9007199254740992 });
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const { db, prepared } = open(2);
    db.prepare('SELECT 1').get();
    db.prepare('SELECT 2').get();
    db.prepare('SELECT 1').get();
    db.prepare('SELECT 3').get();
    expect(prepared()).toBe(3);
    db.prepare('SELECT 1').get();
    expect(prepared()).toBe(3);
    db.prepare('SELECT 2').get();
    expect(prepared()).toBe(4);
  });

  it('follows schema changes: a cached statement sees the table as it is now', () => {
    const { db } = open();
    db.prepare('CREATE TABLE t (a INTEGER)').run();
    db.prepare('INSERT INTO t VALUES (1)').run();
    expect(db.prepare('SELECT * FROM t').all()).toEqual([{ a: 1 }]);
    db.prepare('ALTER TABLE t ADD COLUMN b TEXT').run();
    expect(db.prepare('SELECT * FROM t').all()).toEqual([{ a: 1, b: null }]);
    db.prepare('DROP TABLE t').run();
    expect(() => db.prepare('SELECT * FROM t').all()).toThrow(/no such table/);
  });
});
