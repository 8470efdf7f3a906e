import { describe, expect, it } from 'vitest';
import type { DataType } from '../../../../contract/index';
import {
  checkRelation,
  keyFamily,
  type RelationCandidate,
} from '../../../src/services/relations/relation-rules';
import { ErrorBag } from '../../../src/services/tables/error-bag';

const end = (table: string, column: string, dataType: DataType, columns: string[] = [column]) => ({
  table: { name: table, columnNames: columns },
  column: { name: column, dataType },
});

const errorsOf = (candidate: RelationCandidate, prefix?: string) => {
  const errors = new ErrorBag();
  checkRelation(candidate, errors, prefix);
  return Object.fromEntries(Object.entries(errors.errors).map(([field, message]) => [field, message.en]));
};

const valid: RelationCandidate = {
  name: 'customer',
  relationType: 'ManyToOne',
  from: end('order', 'customerId', 'BIGINT', ['id', 'customerId']),
  to: end('customer', 'id', 'INT'),
};

describe('relation rules', () => {
  it('sorts key types into families', () => {
    expect(
      ['TINYINT', 'SMALLINT', 'MEDIUMINT', 'INT', 'BIGINT'].map((t) => keyFamily(t as DataType)),
    ).toEqual(Array(5).fill('integer'));
    expect(keyFamily('CHAR')).toBe('text');
    expect(keyFamily('VARCHAR')).toBe('text');
    for (const type of ['TEXT', 'DECIMAL', 'DATE', 'BOOL', 'ATTACHMENT', 'PASSWORD'] as DataType[])
      expect(keyFamily(type), type).toBeNull();
  });

  it('accepts two key columns of one family, reserved words included', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, name: 'order' })).toEqual({});
    expect(
      errorsOf({ ...valid, from: end('a', 'code', 'CHAR'), to: end('b', 'code', 'VARCHAR'), name: 'b' }),
    ).toEqual({});
  });

  it('names every problem under the prefix', () => {
    expect(errorsOf({ ...valid, name: '', relationType: null }, 'tableRelations.2.')).toEqual({
      'tableRelations.2.name': 'is required',
      'tableRelations.2.relationType': 'is required',
    });
    expect(errorsOf({ ...valid, name: '9lives' }).name).toMatch(/letters/);
    expect(errorsOf({ ...valid, name: 'CUSTOMERID' }).name).toBe('table order has a column of the same name');
    expect(errorsOf({ ...valid, to: end('customer', 'note', 'TEXT') })).toEqual({
      toColumn: 'only integer, CHAR or VARCHAR columns can be used; note is TEXT',
    });
    expect(errorsOf({ ...valid, to: end('customer', 'code', 'VARCHAR') })).toEqual({
      toColumn: 'the key types do not match (BIGINT and VARCHAR): integer with integer, text with text',
    });
    expect(errorsOf({ ...valid, to: end('order', 'customerId', 'BIGINT') })).toEqual({
      toColumn: 'both ends of a relation cannot be the same column',
    });
  });
});
