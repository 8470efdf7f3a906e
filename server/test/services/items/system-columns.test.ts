import { describe, expect, it } from 'vitest';
import { systemValues } from '../../../src/services/items/system-columns';
import { staleness } from '../../../src/services/items/staleness';
import { ORDER_COLUMNS, stored } from './fixtures';

const NOW = new Date(2024, 4, 6, 7, 8, 9);

describe('systemValues', () => {
  it('fills times, creator, updater, owner and isDeleted on create', () => {
    expect(systemValues(ORDER_COLUMNS, 'create', NOW, 7)).toEqual({
      createdDate: '2024-05-06 07:08:09',
      lastModifiedDate: '2024-05-06 07:08:09',
      createById: 7,
      updateById: 7,
      ownerId: 7,
      isDeleted: false,
    });
  });

  it('fills the modification time and updater on update', () => {
    expect(systemValues(ORDER_COLUMNS, 'update', NOW, 7)).toEqual({
      lastModifiedDate: '2024-05-06 07:08:09',
      updateById: 7,
    });
  });

  it('writes each in its column type and skips the columns a table lacks', () => {
    const columns = [
      stored('createdDate', 'BIGINT'),
      stored('lastModifiedDate', 'DATE'),
      stored('ownerId', 'VARCHAR'),
    ];
    expect(systemValues(columns, 'create', NOW, 7)).toEqual({
      createdDate: NOW.getTime(),
      lastModifiedDate: '2024-05-06',
      ownerId: '7',
    });
  });
});

describe('staleness', () => {
  const stamp = stored('lastModifiedDate', 'DATETIME');
  it.each([
    [undefined, '2024-05-06 07:08:09', 'ok'],
    [null, '2024-05-06 07:08:09', 'ok'],
    ['2024-05-06 07:08:09', '2024-05-06 07:08:09', 'ok'],
    ['2024-05-06 07:08:10', '2024-05-06 07:08:09', 'ok'],
    ['2024-05-06 07:08:08', '2024-05-06 07:08:09', 'stale'],
    ['2024-05-06T07:08:08', '2024-05-06 07:08:09', 'stale'],
    [new Date(2024, 4, 6, 7, 8, 8).getTime(), '2024-05-06 07:08:09', 'stale'],
    ['2024-05-06 07:08:08', null, 'ok'],
    ['yesterday', '2024-05-06 07:08:09', 'invalid'],
  ])('sent %j, stored %j: %s', (sent, storedValue, expected) => {
    expect(staleness(stamp, sent, storedValue)).toBe(expected);
  });

  it('compares epoch milliseconds as numbers', () => {
    expect(staleness(stored('lastModifiedDate', 'BIGINT'), 999, 1000)).toBe('stale');
    expect(staleness(stored('lastModifiedDate', 'BIGINT'), 10000, 9999)).toBe('ok');
  });
});
