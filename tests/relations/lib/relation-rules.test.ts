import { describe, expect, it } from 'vitest';
import type { Column, DataType, Table } from '../../../contract';
import { DATA_TYPES } from '../../../contract';
import {
  compatibleKeyTypes,
  isKeyLikeColumn,
  keyLikeColumns,
  relationSides,
  suggestedForeignKeyColumn,
  suggestedKeyColumn,
} from '../../../src/relations/lib/relation-rules';

const column = (id: number, name: string, dataType: DataType, extra: Partial<Column> = {}): Column => ({
  id,
  name,
  dataType,
  ...extra,
});

const customer: Table = {
  id: 1,
  name: 'customer',
  tableName: 'ca_customer',
  caption: '客户',
  primaryNames: ['id'],
  columns: [
    column(11, 'id', 'BIGINT', { indexType: 'PRIMARY' }),
    column(12, 'name', 'VARCHAR'),
    column(13, 'note', 'TEXT'),
    column(14, 'createdDate', 'DATETIME'),
  ],
};

const order: Table = {
  id: 2,
  name: 'order',
  caption: '订单',
  primaryNames: ['id'],
  columns: [
    column(21, 'id', 'BIGINT', { indexType: 'PRIMARY' }),
    column(22, 'customerId', 'BIGINT'),
    column(23, 'code', 'CHAR'),
    column(24, 'amount', 'DECIMAL'),
    column(25, 'paid', 'BOOL'),
  ],
};

describe('key-like columns', () => {
  const keyLike = ['TINYINT', 'SMALLINT', 'MEDIUMINT', 'INT', 'BIGINT', 'CHAR', 'VARCHAR'];
  it.each(DATA_TYPES.map((type) => [type, keyLike.includes(type)] as const))('%s → %s', (type, expected) => {
    expect(isKeyLikeColumn({ dataType: type })).toBe(expected);
  });

  it('keeps only the key-like columns of a table, in order', () => {
    expect(keyLikeColumns(order).map((c) => c.name)).toEqual(['id', 'customerId', 'code']);
    expect(keyLikeColumns(undefined)).toEqual([]);
  });

  it.each<[DataType, DataType, boolean]>([
    ['BIGINT', 'INT', true],
    ['TINYINT', 'BIGINT', true],
    ['VARCHAR', 'CHAR', true],
    ['BIGINT', 'VARCHAR', false],
    ['CHAR', 'INT', false],
    ['TEXT', 'TEXT', false],
    ['DECIMAL', 'BIGINT', false],
  ])('%s with %s compatible: %s', (from, to, expected) => {
    expect(compatibleKeyTypes(from, to)).toBe(expected);
  });
});

describe('which end holds the key', () => {
  it.each([
    ['OneToMany', { from: 'key', to: 'foreignKey' }],
    ['OneToOneMainToSub', { from: 'key', to: 'foreignKey' }],
    ['ManyToOne', { from: 'foreignKey', to: 'key' }],
    ['OneToOneSubToMain', { from: 'foreignKey', to: 'key' }],
  ] as const)('%s', (type, sides) => {
    expect(relationSides(type)).toEqual(sides);
  });
});

describe('suggested columns', () => {
  it('suggests the single primary key for the key end', () => {
    expect(suggestedKeyColumn(customer)?.name).toBe('id');
    expect(suggestedKeyColumn({ ...customer, primaryNames: [] })?.name).toBe('id');
    expect(suggestedKeyColumn(undefined)).toBeUndefined();
  });

  it('suggests the column named after the other table for the foreign-key end', () => {
    const key = customer.columns[0];
    expect(suggestedForeignKeyColumn(order, customer, key)?.name).toBe('customerId');
    const snake: Table = { ...order, columns: [column(31, 'customer_id', 'INT')] };
    expect(suggestedForeignKeyColumn(snake, customer, key)?.name).toBe('customer_id');
  });

  it('suggests a column named like the key (Chinook style), but never the key itself', () => {
    const artist: Table = {
      id: 5,
      name: 'Artist',
      primaryNames: ['ArtistId'],
      columns: [column(51, 'ArtistId', 'INT', { indexType: 'PRIMARY' })],
    };
    const album: Table = {
      id: 6,
      name: 'Album',
      primaryNames: ['AlbumId'],
      columns: [column(61, 'AlbumId', 'INT'), column(62, 'Title', 'VARCHAR'), column(63, 'ArtistId', 'INT')],
    };
    expect(suggestedForeignKeyColumn(album, artist, artist.columns[0])?.name).toBe('ArtistId');
    const employee: Table = {
      id: 7,
      name: 'Employee',
      columns: [column(71, 'EmployeeId', 'INT', { indexType: 'PRIMARY' }), column(72, 'ReportsTo', 'INT')],
    };
    expect(suggestedForeignKeyColumn(employee, employee, employee.columns[0])).toBeUndefined();
  });

  it('suggests nothing when no column or several fit, or the types differ', () => {
    const key = customer.columns[0];
    expect(suggestedForeignKeyColumn(customer, order, order.columns[0])).toBeUndefined();
    const twice: Table = {
      ...order,
      columns: [column(41, 'customerId', 'INT'), column(42, 'customer_id', 'INT')],
    };
    expect(suggestedForeignKeyColumn(twice, customer, key)).toBeUndefined();
    const text: Table = { ...order, columns: [column(51, 'customerId', 'VARCHAR')] };
    expect(suggestedForeignKeyColumn(text, customer, key)).toBeUndefined();
  });
});
