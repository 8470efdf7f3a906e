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

  it('refuses, in MySQL read-only mode, what could commit implicitly', () => {
    for (const sql of [
      'DROP TABLE t',
      'CREATE TABLE t (a int)',
      'ALTER TABLE t ADD b int',
      'TRUNCATE t',
      'RENAME TABLE a TO b',
      'LOCK TABLES t WRITE',
      'SET autocommit = 1',
      'GRANT ALL ON *.* TO x',
    ]) {
      expect(refusal(sql, 'mysql'), sql).toMatch(/cannot run a statement starting with/);
      expect(refusal(sql, 'mysql', false), sql).toBeUndefined();
    }
    for (const sql of ['SHOW TABLES', 'DESCRIBE t', 'EXPLAIN SELECT 1', 'REPLACE INTO t VALUES (1)']) {
      expect(refusal(sql, 'mysql'), sql).toBeUndefined();
    }
  });

  it('refuses MySQL/MariaDB executable comments outright, in both modes', () => {
    for (const sql of [
      '/*!50000 DROP */ TABLE t',
      'select username, password from /*!50000cb_user*/',
      'select 1 /*!INTO OUTFILE "/tmp/x"*/',
      'select /*M!100100LOAD_FILE*/("/etc/hostname")',
      "SELECT '/*!' AS text",
    ]) {
      for (const readOnly of [true, false]) {
        const [statement] = splitStatements(sql, 'mysql');
        if (!statement) throw new Error(`no statement in ${sql}`);
        const message = refusalOf(statement, 'mysql', readOnly);
        expect(message?.en, sql).toMatch(/executable comments/);
        expect(message?.zh, sql).toMatch(/可执行注释/);
      }
    }
    expect(refusal('SELECT /* a plain comment */ 1', 'mysql')).toBeUndefined();
    expect(refusal('SELECT /*+ MAX_EXECUTION_TIME(10) */ 1', 'mysql')).toBeUndefined();
    expect(refusal('SELECT /*!50000 1*/', 'pg')).toBeUndefined();
  });

  it('refuses DO and CALL in read-only mode on every database', () => {
    for (const dialect of ['sqlite', 'pg', 'mysql'] as const) {
      expect(refusal('CALL p()', dialect)).toMatch(/cannot run CALL/);
      expect(refusal('DO 1', dialect)).toMatch(/cannot run DO/);
    }
    expect(refusal('DO $$ BEGIN PERFORM 1; END $$', 'pg')).toMatch(/cannot run DO/);
    expect(refusal('CALL p()', 'pg', false)).toBeUndefined();
    expect(refusal('CALL p()', 'mysql', false)).toBeUndefined();
  });

  it('refuses server files on MySQL and other files and extensions on SQLite, in both modes', () => {
    for (const readOnly of [true, false]) {
      for (const sql of [
        "SELECT * FROM t INTO OUTFILE '/tmp/x'",
        "SELECT * INTO DUMPFILE '/tmp/x' FROM t",
        "SELECT LOAD_FILE('/etc/passwd')",
        "select load_file('/etc/passwd') as f",
        "LOAD DATA INFILE 'x' INTO TABLE t",
        "LOAD DATA LOCAL INFILE 'x' INTO TABLE t",
        "LOAD XML INFILE 'x' INTO TABLE t",
      ]) {
        expect(refusal(sql, 'mysql', readOnly), sql).toMatch(/files on the database server/);
      }
      for (const sql of [
        "ATTACH DATABASE '/tmp/x.db' AS x",
        'DETACH x',
        "SELECT load_extension('x')",
        "VACUUM INTO '/tmp/x.db'",
      ]) {
        expect(refusal(sql, 'sqlite', readOnly), sql).toMatch(/files on the database server|extensions/);
      }
    }
    // In a string it is only text.
    expect(refusal("SELECT 'LOAD_FILE' AS word", 'mysql')).toBeUndefined();
    expect(refusal('VACUUM', 'sqlite', false)).toBeUndefined();
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
