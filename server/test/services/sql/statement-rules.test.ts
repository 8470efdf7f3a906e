import { describe, expect, it } from 'vitest';
import type { Client } from '../../../src/config';
import { splitStatements } from '../../../../contract/sql-statements';
import { refusalOf } from '../../../src/services/sql/statement-rules';

const refusal = (sql: string, dialect: Client, readOnly = true) => {
  const [statement] = splitStatements(sql, dialect);
  if (!statement) throw new Error(`no statement in ${sql}`);
  return refusalOf(statement, dialect, readOnly)?.en;
};

describe('refusalOf', () => {
  it('refuses transaction control everywhere, in both modes', () => {
    for (const dialect of ['sqlite', 'pg', 'mysql'] as const) {
      for (const readOnly of [true, false]) {
        expect(refusal('COMMIT', dialect, readOnly)).toMatch(/COMMIT is not allowed/);
        expect(refusal('begin', dialect, readOnly)).toMatch(/BEGIN is not allowed/);
        expect(refusal('ROLLBACK TO SAVEPOINT a', dialect, readOnly)).toMatch(/ROLLBACK/);
        expect(refusal('start transaction read write', dialect, readOnly)).toMatch(/START TRANSACTION/);
        expect(refusal('SET TRANSACTION READ WRITE', dialect, readOnly)).toMatch(/SET TRANSACTION/);
        expect(refusal('/* c */ SAVEPOINT s', dialect, readOnly)).toMatch(/SAVEPOINT/);
      }
    }
    expect(refusal('END', 'pg')).toMatch(/END/);
    expect(refusal("XA START 'x'", 'mysql', false)).toMatch(/XA/);
  });

  it('lets queries and writes through to the database, which enforces read-only', () => {
    for (const dialect of ['sqlite', 'pg', 'mysql'] as const) {
      for (const sql of ['SELECT 1', '(SELECT 1) UNION (SELECT 2)', 'WITH a AS (SELECT 1) SELECT * FROM a']) {
        expect(refusal(sql, dialect)).toBeUndefined();
      }
      expect(refusal('UPDATE t SET a = 1', dialect)).toBeUndefined();
      expect(refusal('DELETE FROM t', dialect, false)).toBeUndefined();
      expect(refusal("SELECT 'COMMIT'", dialect)).toBeUndefined();
    }
    expect(refusal('DROP TABLE t', 'pg')).toBeUndefined();
    expect(refusal('CREATE TABLE t (a int)', 'sqlite')).toBeUndefined();
    expect(refusal('SET statement_timeout = 0', 'pg')).toBeUndefined();
  });

  it('refuses, in MySQL read-only mode, what could commit implicitly or write a file', () => {
    for (const sql of [
      'DROP TABLE t',
      'CREATE TABLE t (a int)',
      'ALTER TABLE t ADD b int',
      'TRUNCATE t',
      'RENAME TABLE a TO b',
      'LOCK TABLES t WRITE',
      'SET autocommit = 1',
      'CALL p()',
      "LOAD DATA INFILE 'x' INTO TABLE t",
      'GRANT ALL ON *.* TO x',
      '/*!50000 DROP */ TABLE t',
    ]) {
      expect(refusal(sql, 'mysql'), sql).toMatch(/cannot run a statement starting with/);
      expect(refusal(sql, 'mysql', false), sql).toBeUndefined();
    }
    expect(refusal("SELECT * FROM t INTO OUTFILE '/tmp/x'", 'mysql')).toMatch(/server file/);
    expect(refusal("SELECT * INTO DUMPFILE '/tmp/x' FROM t", 'mysql')).toMatch(/server file/);
    expect(refusal("SELECT * FROM t INTO OUTFILE '/tmp/x'", 'mysql', false)).toBeUndefined();
    for (const sql of [
      'SHOW TABLES',
      'DESCRIBE t',
      'EXPLAIN SELECT 1',
      'REPLACE INTO t VALUES (1)',
      'DO 1',
    ]) {
      expect(refusal(sql, 'mysql'), sql).toBeUndefined();
    }
  });

  it('refuses COPY on PostgreSQL', () => {
    expect(refusal("COPY t TO '/tmp/x'", 'pg', false)).toMatch(/COPY/);
    expect(refusal('COPY t FROM STDIN', 'pg')).toMatch(/COPY/);
  });

  it('has a Chinese message too', () => {
    const [statement] = splitStatements('COMMIT', 'pg');
    expect(statement && refusalOf(statement, 'pg', true)?.zh).toBe(
      '控制台把每条语句放在单独的事务中执行，不能执行 COMMIT',
    );
  });
});
