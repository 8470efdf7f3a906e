import { describe, expect, it } from 'vitest';
import { splitStatements } from '../../../../contract/sql-statements';

const texts = (sql: string, dialect: 'sqlite' | 'pg' | 'mysql') =>
  splitStatements(sql, dialect).map((statement) => statement.text);

describe('splitStatements (shared by the web console and the server)', () => {
  it('splits at top-level semicolons and drops blank and comment-only pieces', () => {
    for (const dialect of ['sqlite', 'pg', 'mysql'] as const) {
      expect(texts('SELECT 1; SELECT 2 ;\n;  ', dialect)).toEqual(['SELECT 1', 'SELECT 2']);
      expect(texts(' -- only a comment\n; /* and another */ ;', dialect)).toEqual([]);
      expect(texts('', dialect)).toEqual([]);
      expect(texts('SELECT 1', dialect)).toEqual(['SELECT 1']);
    }
  });

  it('keeps semicolons inside quotes, identifiers and comments', () => {
    for (const dialect of ['sqlite', 'pg', 'mysql'] as const) {
      expect(texts(`SELECT 'a;b', "c;d" FROM t; SELECT 'it''s;'`, dialect)).toEqual([
        `SELECT 'a;b', "c;d" FROM t`,
        `SELECT 'it''s;'`,
      ]);
      expect(texts('SELECT 1 -- x; y\n, 2; SELECT /* ; */ 3', dialect)).toEqual([
        'SELECT 1 -- x; y\n, 2',
        'SELECT /* ; */ 3',
      ]);
    }
    expect(texts('SELECT `a;b` FROM t; SELECT 2', 'mysql')).toEqual(['SELECT `a;b` FROM t', 'SELECT 2']);
    expect(texts('SELECT [a;b] FROM t; SELECT 2', 'sqlite')).toEqual(['SELECT [a;b] FROM t', 'SELECT 2']);
  });

  it('knows the backslash escapes of MySQL and of PostgreSQL E strings only', () => {
    expect(texts(`SELECT 'a\\';b'; SELECT 2`, 'mysql')).toEqual([`SELECT 'a\\';b'`, 'SELECT 2']);
    expect(texts(`SELECT E'a\\';b'; SELECT 2`, 'pg')).toEqual([`SELECT E'a\\';b'`, 'SELECT 2']);
    // Standard strings: the backslash is an ordinary character, the quote closes the string.
    expect(texts(`SELECT 'a\\'; SELECT 2`, 'pg')).toEqual([`SELECT 'a\\'`, 'SELECT 2']);
    expect(texts(`SELECT 'a\\'; SELECT 2`, 'sqlite')).toEqual([`SELECT 'a\\'`, 'SELECT 2']);
  });

  it('knows PostgreSQL dollar quoting, nested comments and BEGIN ATOMIC bodies', () => {
    const fn = `CREATE FUNCTION f() RETURNS int AS $body$ BEGIN PERFORM 1; RETURN 2; END; $body$ LANGUAGE plpgsql`;
    expect(texts(`${fn}; SELECT f()`, 'pg')).toEqual([fn, 'SELECT f()']);
    expect(texts('SELECT $$a;b$$, $t$;$$;$t$; SELECT 2', 'pg')).toEqual([
      'SELECT $$a;b$$, $t$;$$;$t$',
      'SELECT 2',
    ]);
    expect(texts('SELECT a$b; SELECT 2', 'pg')).toEqual(['SELECT a$b', 'SELECT 2']);
    expect(texts('SELECT /* a /* b; */ c; */ 1; SELECT 2', 'pg')).toEqual([
      'SELECT /* a /* b; */ c; */ 1',
      'SELECT 2',
    ]);
    const atomic = `CREATE FUNCTION g() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT CASE WHEN true THEN 1 END; SELECT 2; END`;
    expect(texts(`${atomic}; SELECT 3`, 'pg')).toEqual([atomic, 'SELECT 3']);
  });

  it('keeps trigger and routine bodies whole', () => {
    const trigger = `CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE u SET n = CASE WHEN 1 THEN 2 END; DELETE FROM v; END`;
    expect(texts(`${trigger}; SELECT 1`, 'sqlite')).toEqual([trigger, 'SELECT 1']);
    const procedure = `CREATE DEFINER = CURRENT_USER PROCEDURE p() BEGIN IF 1 THEN SELECT 1; END IF; CASE 1 WHEN 1 THEN SELECT 2; END CASE; WHILE 0 DO SELECT 3; END WHILE; BEGIN SELECT 4; END; END`;
    expect(texts(`${procedure}; SELECT 5`, 'mysql')).toEqual([procedure, 'SELECT 5']);
    expect(texts('CREATE FUNCTION h() RETURNS INT RETURN 1; SELECT 2', 'mysql')).toHaveLength(2);
    expect(texts('CREATE TABLE t (a int); SELECT CASE WHEN 1 THEN 2 END; SELECT 3', 'sqlite')).toHaveLength(
      3,
    );
  });

  it('does not split inside parentheses', () => {
    expect(
      texts(
        'CREATE RULE r AS ON INSERT TO t DO ALSO (INSERT INTO u VALUES (1); DELETE FROM v); SELECT 1',
        'pg',
      ),
    ).toEqual([
      'CREATE RULE r AS ON INSERT TO t DO ALSO (INSERT INTO u VALUES (1); DELETE FROM v)',
      'SELECT 1',
    ]);
  });

  it('follows the MySQL comment rules: # lines, "--" needs a blank, executable comments are code', () => {
    expect(texts('SELECT 1 # x; y\n; SELECT 2', 'mysql')).toEqual(['SELECT 1 # x; y', 'SELECT 2']);
    expect(texts('SELECT 1--1; SELECT 2', 'mysql')).toEqual(['SELECT 1--1', 'SELECT 2']);
    expect(texts('SELECT 1 #x; SELECT 2', 'sqlite')).toEqual(['SELECT 1 #x', 'SELECT 2']);
    const hidden = splitStatements('/*!50000 DROP */ TABLE t', 'mysql');
    expect(hidden).toHaveLength(1);
    expect(hidden[0]?.words).toEqual(['DROP', 'TABLE', 'T']);
    expect(texts('SELECT 1 /*! ; SELECT 2 */', 'mysql')).toHaveLength(2);
    expect(splitStatements('/*!50000 DROP */ TABLE t', 'pg')[0]?.words).toEqual(['TABLE', 'T']);
  });

  it('lists the bare words of each statement in upper case', () => {
    expect(splitStatements(`select "Name", 'x' as y from "T"; insert into t values (1)`, 'pg')).toEqual([
      { text: `select "Name", 'x' as y from "T"`, words: ['SELECT', 'AS', 'Y', 'FROM'] },
      { text: 'insert into t values (1)', words: ['INSERT', 'INTO', 'T', 'VALUES'] },
    ]);
  });

  it('treats unterminated quotes and comments as running to the end', () => {
    expect(texts(`SELECT 'a; SELECT 2`, 'pg')).toEqual([`SELECT 'a; SELECT 2`]);
    expect(texts('SELECT 1 /* ; SELECT 2', 'sqlite')).toEqual(['SELECT 1 /* ; SELECT 2']);
  });
});
