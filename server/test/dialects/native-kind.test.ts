import knex from 'knex';
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/config';
import { nativeKindOf, NATIVE_RULES } from '../../src/dialects/native-kind';
import { applyCondition } from '../../src/query/apply-condition';
import { applyOrder } from '../../src/query/apply-list-query';
import { coerceValue } from '../../src/query/coerce-value';
import { parseColumnFilter } from '../../src/query/parse-column-filter';
import { parseOrderBy } from '../../src/query/parse-order-by';
import type { Condition, QueryTable } from '../../src/query/query-types';
import { column } from '../query/fixtures';

const GADGET: QueryTable = {
  tableName: 'gadget',
  primaryNames: ['id'],
  relationNames: [],
  columns: [
    column('id', 'CHAR', { length: 36, nativeType: 'uuid', indexType: 'PRIMARY' }),
    column('label', 'TEXT'),
    column('made', 'DATETIME', { nativeType: 'timestamp with time zone' }),
    column('doc', 'LONGTEXT', { nativeType: 'jsonb' }),
    column('spot', 'TEXT', { nativeType: 'point' }),
    column('nums', 'TEXT', { nativeType: 'integer[]' }),
  ],
};

const builders = {
  sqlite: knex({ client: 'better-sqlite3', useNullAsDefault: true }),
  pg: knex({ client: 'pg' }),
  mysql: knex({ client: 'mysql2' }),
};

const sqlOf = (dialect: Client, condition: Condition) => {
  const builder = builders[dialect]('gadget').select('*');
  applyCondition(builder, GADGET, condition, dialect);
  return builder.toSQL().toNative();
};

const byName = (name: string) => GADGET.columns.find((candidate) => candidate.name === name)!;

describe('nativeKindOf', () => {
  it.each([
    ['uuid', 'uuid'],
    ['inet', 'network'],
    ['macaddr8', 'network'],
    ['inet6', 'network'],
    ['jsonb', 'json'],
    ['JSON', 'json'],
    ['integer[]', 'array'],
    ['character varying(20)[]', 'array'],
    ['point', 'geometric'],
    ['geometry', 'geometric'],
    ['tsvector', 'opaque'],
    ['bytea', 'opaque'],
    ['bit(8)', 'opaque'],
    ['timestamp with time zone', null],
    ['numeric(70, 2)', null],
    ['money', null],
    ["enum('a','b')", null],
    ['year(4)', null],
    [null, null],
    ['', null],
  ])('%s → %s', (nativeType, kind) => {
    expect(nativeKindOf(nativeType)).toBe(kind);
  });

  it('orders and range-tests only the kinds that have an order', () => {
    expect(
      Object.entries(NATIVE_RULES)
        .filter(([, rule]) => rule.order)
        .map(([kind]) => kind),
    ).toEqual(['uuid', 'network', 'json', 'array']);
    expect(NATIVE_RULES.json.range).toBe(false);
  });
});

describe('native types in conditions', () => {
  it('matches LIKE on the text form, on every dialect', () => {
    const like = parseColumnFilter(byName('id'), 'LIKE 1111', 'id');
    // Digits have no case: PostgreSQL need not lower each row (ILIKE) to ignore it.
    expect(sqlOf('pg', like).sql).toBe(
      'select * from "gadget" where CAST("gadget"."id" AS text) LIKE $1 ESCAPE $2',
    );
    expect(sqlOf('pg', parseColumnFilter(byName('id'), 'LIKE 1a1', 'id')).sql).toBe(
      'select * from "gadget" where CAST("gadget"."id" AS text) ILIKE $1 ESCAPE $2',
    );
    expect(sqlOf('mysql', like).sql).toBe(
      'select * from `gadget` where CAST(`gadget`.`id` AS CHAR) LIKE ? ESCAPE ?',
    );
    expect(sqlOf('sqlite', like).sql).toBe(
      'select * from `gadget` where CAST(`gadget`.`id` AS TEXT) LIKE ? ESCAPE ?',
    );
  });

  it('compares a uuid natively, JSON as documents and a point on its text', () => {
    const id = '11111111-1111-1111-1111-111111111111';
    expect(sqlOf('pg', parseColumnFilter(byName('id'), id, 'id'))).toMatchObject({
      sql: 'select * from "gadget" where "gadget"."id" = $1',
      bindings: [id],
    });
    expect(sqlOf('pg', parseColumnFilter(byName('doc'), '{"k":1},{"k":2}', 'doc')).sql).toBe(
      'select * from "gadget" where CAST("gadget"."doc" AS jsonb) IN (CAST($1 AS jsonb), CAST($2 AS jsonb))',
    );
    expect(sqlOf('pg', parseColumnFilter(byName('spot'), 'NE (1,2)', 'spot'))).toMatchObject({
      sql: 'select * from "gadget" where CAST("gadget"."spot" AS text) <> $1',
      bindings: ['(1,2)'],
    });
    expect(sqlOf('pg', parseColumnFilter(byName('made'), '2024-01-01 00:00:00', 'made')).sql).toBe(
      'select * from "gadget" where "gadget"."made" = $1',
    );
  });

  it('refuses range tests and orders on kinds without an order', () => {
    expect(() => parseColumnFilter(byName('spot'), 'GT (0,0)', 'spot')).toThrow();
    expect(() => parseColumnFilter(byName('doc'), 'BETWEEN 1,2', 'doc')).toThrow();
    expect(() => parseOrderBy('spot', GADGET)).toThrow();
    expect(parseColumnFilter(byName('nums'), 'GT {1}', 'nums').operator).toBe('GT');
  });

  it('orders JSON as documents on PostgreSQL', () => {
    const builder = builders.pg('gadget').select('*');
    applyOrder(builder, GADGET, parseOrderBy('doc desc, nums', GADGET), 'pg');
    expect(builder.toSQL().sql).toBe(
      'select * from "gadget" order by CAST("gadget"."doc" AS jsonb) DESC, "gadget"."nums" asc, "gadget"."id" desc',
    );
  });

  it('checks the form of a uuid and of JSON before any SQL, except in a LIKE pattern', () => {
    expect(coerceValue(byName('id'), 'zzz')).toMatchObject({ ok: false });
    expect(coerceValue(byName('id'), 'zzz', { pattern: true })).toEqual({ ok: true, value: 'zzz' });
    expect(coerceValue(byName('id'), 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11').ok).toBe(true);
    expect(coerceValue(byName('doc'), '{"a": [1]}').ok).toBe(true);
    expect(coerceValue(byName('doc'), '{"a": ')).toMatchObject({ ok: false });
    expect(coerceValue(byName('label'), 'zzz').ok).toBe(true);
  });
});
