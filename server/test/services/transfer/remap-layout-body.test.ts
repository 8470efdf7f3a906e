import { describe, expect, it } from 'vitest';
import { remapLayoutBody } from '../../../src/services/transfer/import-metadata';

describe('remapLayoutBody', () => {
  const fileNames = new Map([
    [11, 'name'],
    [12, 'city'],
  ]);
  const newIds = new Map([
    ['name', 101],
    ['city', 102],
  ]);

  it('moves the column ids of a layout to the imported columns, by name', () => {
    const body = JSON.stringify([{ columnId: 12, width: 6 }, { columnId: 11 }, { columnId: 99 }, 'x', null]);
    expect(JSON.parse(remapLayoutBody(body, fileNames, newIds) as string)).toEqual([
      { columnId: 102, width: 6 },
      { columnId: 101 },
      { columnId: 99 },
      'x',
      null,
    ]);
  });

  it('keeps what is not a list of items', () => {
    expect(remapLayoutBody(null, fileNames, newIds)).toBeNull();
    expect(remapLayoutBody('{"columnId":11}', fileNames, newIds)).toBe('{"columnId":11}');
    expect(remapLayoutBody('[{"columnId":11}]', undefined, undefined)).toBe('[{"columnId":11}]');
  });
});
