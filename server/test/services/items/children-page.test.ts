import { describe, expect, it } from 'vitest';
import { childrenPageUrl } from '../../../src/services/items/children-page';

const query = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

describe('childrenPageUrl', () => {
  it('filters the child table by a numeric parent in key order, from the offset', () => {
    const url = childrenPageUrl({
      table: 'orderLine',
      foreignKey: 'orderId',
      keys: ['id'],
      parent: 2,
      offset: 999,
      dataSource: 'primary',
    });
    expect(url.startsWith('/api/business/orderLine?')).toBe(true);
    expect(query(url)).toEqual({ orderId: '2', orderby: 'id ASC', offset: '999', limit: '999' });
  });

  it('sends any other value as a filter condition, and names a data source other than primary', () => {
    const url = childrenPageUrl({
      table: 'line',
      foreignKey: 'code',
      keys: ['a', 'b'],
      parent: 'LIKE x,y',
      offset: 10,
      dataSource: 'archive',
    });
    expect(query(url)).toEqual({
      filter: JSON.stringify({ columnName: 'code', operatorType: 'EQ', values: ['LIKE x,y'] }),
      orderby: 'a ASC,b ASC',
      offset: '10',
      limit: '999',
      dataSource: 'archive',
    });
  });
});
