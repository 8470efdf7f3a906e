import type { Column } from '../../../contract';
import {
  countGridErrors,
  dataLossEntries,
  mergeGridErrors,
  parseRowPath,
  toGridErrors,
  withoutCellError,
  withoutFieldError,
} from '../../../src/designer/lib/grid-errors';

describe('parseRowPath', () => {
  it.each([
    ['columns[3].name', { collection: 'columns', index: 3, field: 'name' }],
    ['columns.3.name', { collection: 'columns', index: 3, field: 'name' }],
    ['columns/0/length', { collection: 'columns', index: 0, field: 'length' }],
    ['indexs[1]', { collection: 'indexs', index: 1, field: null }],
    ['indexs[1].indexLines[0].column', { collection: 'indexs', index: 1, field: 'indexLines[0].column' }],
    ['name', null],
    ['columns', null],
  ])('%s → %j', (path, expected) => expect(parseRowPath(path)).toEqual(expected));
});

describe('toGridErrors', () => {
  const keys = ['k0', 'k1', 'k2'];
  it('puts row paths on row keys, other paths on fields, unknown rows in general', () => {
    expect(
      toGridErrors(
        {
          name: '表名不合法',
          'columns[1].name': '重复',
          'columns.2.length': '太长',
          'columns[2]': '整行',
          'columns[7].name': '越界',
          'indexs[0].name': '别处',
        },
        'columns',
        keys,
      ),
    ).toEqual({
      fields: { name: '表名不合法' },
      rows: { k1: { name: '重复' }, k2: { length: '太长', '*': '整行' } },
      general: ['越界', '别处'],
    });
  });

  it('clears one cell or one field', () => {
    const errors = toGridErrors(
      { name: 'x', 'columns[0].name': 'a', 'columns[0].length': 'b' },
      'columns',
      keys,
    );
    expect(withoutCellError(errors, 'k0', 'name').rows).toEqual({ k0: { length: 'b' } });
    expect(withoutCellError(withoutCellError(errors, 'k0', 'name'), 'k0', 'length').rows).toEqual({});
    expect(withoutFieldError(errors, 'name').fields).toEqual({});
    expect(withoutCellError(errors, 'zz', 'name')).toBe(errors);
  });
});

describe('dataLossEntries', () => {
  const submitted: Column[] = [
    { name: 'id', dataType: 'BIGINT' },
    { name: 'title', caption: '标题', dataType: 'VARCHAR', length: 5 },
  ];
  const stored: Column[] = [{ id: 12, name: 'notes', caption: '备注', dataType: 'TEXT' }];
  it.each([
    [{ 'columns[1].length': '3 行超长' }, [{ name: 'title', caption: '标题', message: '3 行超长' }]],
    [{ 'columns.1': '超长' }, [{ name: 'title', caption: '标题', message: '超长' }]],
    [{ TITLE: '超长' }, [{ name: 'title', caption: '标题', message: '超长' }]],
    [{ notes: '有数据' }, [{ name: 'notes', caption: '备注', message: '有数据' }]],
    [{ '12': '有数据' }, [{ name: 'notes', caption: '备注', message: '有数据' }]],
    [{ ghost: '?' }, [{ name: 'ghost', caption: '', message: '?' }]],
    [undefined, []],
  ])('%j → %j', (errors, expected) => {
    expect(dataLossEntries(errors, submitted, stored)).toEqual(expected);
  });
});

describe('mergeGridErrors / countGridErrors', () => {
  it('keeps both, the preferred side winning per cell', () => {
    const server = toGridErrors(
      { name: 's', 'columns[0].name': 's0', 'columns[1].length': 's1', x: 'sx' },
      'columns',
      ['a', 'b'],
    );
    const client = toGridErrors({ name: 'c', 'columns[0].name': 'c0' }, 'columns', ['a', 'b']);
    const merged = mergeGridErrors(server, client);
    expect(merged).toEqual({
      fields: { name: 'c', x: 'sx' },
      rows: { a: { name: 'c0' }, b: { length: 's1' } },
      general: [],
    });
    expect(countGridErrors(merged)).toBe(4);
  });
});
