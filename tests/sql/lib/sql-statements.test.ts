import { describe, expect, it } from 'vitest';
import {
  cellText,
  editorDialect,
  formatterLanguage,
  isBlankSql,
  looksLikeWrite,
  splitStatements,
  statementToRun,
  stripSqlComments,
} from '../../../src/sql/lib/sql-statements';

describe('dialects', () => {
  it.each([
    ['sqlite', 'sqlite', 'SQLite'],
    ['pg', 'postgresql', 'PostgreSQL'],
    ['mysql', 'mysql', 'MySQL'],
    ['mariadb', 'mysql', 'MySQL'],
    [undefined, 'sql', 'StandardSQL'],
    ['oracle', 'sql', 'StandardSQL'],
  ])('%s → %s / %s', (client, formatter, editor) => {
    expect(formatterLanguage(client)).toBe(formatter);
    expect(editorDialect(client)).toBe(editor);
  });
});

describe('statements', () => {
  it.each<[string, string[]]>([
    ['select 1', ['select 1']],
    ['select 1; select 2;', ['select 1', 'select 2']],
    ["select ';' as s; select 2", ["select ';' as s", 'select 2']],
    ['select "a;b" from t', ['select "a;b" from t']],
    ["select 'it''s;' ; x", ["select 'it''s;'", 'x']],
    ['select 1 -- a; comment\n; select 2', ['select 1 -- a; comment', 'select 2']],
    ['/* ; */ select 1', ['/* ; */ select 1']],
    [';; -- only a comment\n;', []],
  ])('splits %j', (text, statements) => {
    expect(splitStatements(text)).toEqual(statements);
  });

  it('splits in the data source’s dialect, as the server counts statements', () => {
    const fn = 'create function f() returns int as $$ begin return 1; end; $$ language plpgsql';
    expect(splitStatements(`${fn}; select f()`, 'pg')).toEqual([fn, 'select f()']);
    expect(splitStatements(`${fn}; select f()`, 'sqlite')).toHaveLength(4);
    expect(splitStatements("select 'a\\'; select 2", 'mysql')).toEqual(["select 'a\\'; select 2"]);
    expect(splitStatements("select 'a\\'; select 2", 'sqlite')).toEqual(["select 'a\\'", 'select 2']);
    expect(splitStatements('select 1 # a; b\n; select 2', 'mysql')).toEqual(['select 1 # a; b', 'select 2']);
    const trigger = 'create trigger t after insert on a begin delete from b; end';
    expect(splitStatements(`${trigger}; select 1`, 'sqlite')).toEqual([trigger, 'select 1']);
  });

  it.each<[string, boolean]>([
    ['', true],
    ['  ;\n ', true],
    ['-- note\n/* more */', true],
    ["select '--'", false],
    ['select 1', false],
  ])('blank %j → %s', (text, blank) => {
    expect(isBlankSql(text)).toBe(blank);
  });

  it('strips comments, keeps quoted text', () => {
    expect(stripSqlComments("select '-- no' -- yes\nfrom t /* x */").replace(/\s+/g, ' ').trim()).toBe(
      "select '-- no' from t",
    );
  });

  it.each<[string, { from: number; to: number } | undefined, string]>([
    ['  select 1;\nselect 2  ', undefined, 'select 1;\nselect 2'],
    ['select 1;\nselect 2', { from: 10, to: 18 }, 'select 2'],
    ['select 1', { from: 3, to: 3 }, 'select 1'],
  ])('runs %j with selection %j', (text, selection, expected) => {
    expect(statementToRun(text, selection)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['select * from t', false],
    ['  -- why\n SELECT 1', false],
    ['(select 1) union (select 2)', false],
    ['with x as (select 1) select * from x', false],
    ['explain select 1', false],
    ['pragma table_info(t)', false],
    ['show tables', false],
    ['insert into t values (1)', true],
    ['UPDATE t SET a = 1', true],
    ['delete from t', true],
    ['drop table t', true],
    ['create table t (id int)', true],
    ['with x as (select 1) delete from t', true],
    ['', false],
  ])('%j looks like a write: %s', (statement, write) => {
    expect(looksLikeWrite(statement)).toBe(write);
  });
});

describe('cellText', () => {
  it.each<[unknown, string]>([
    [null, 'NULL'],
    [undefined, 'NULL'],
    [0, '0'],
    [false, 'false'],
    ['文本', '文本'],
    [{ a: 1 }, '{"a":1}'],
    [[1, 2], '[1,2]'],
  ])('%j → %s', (value, text) => {
    expect(cellText(value)).toBe(text);
  });
});
