import { describe, expect, it } from 'vitest';
import {
  isDialogUrl,
  parseStoredValueDialogs,
  valueDialogIssues,
  valueDialogRecord,
} from '../../../src/designer/lib/column-ext-property';

describe('parseStoredValueDialogs', () => {
  it('keeps value-dialog records with ids and reads their JSON value', () => {
    expect(
      parseStoredValueDialogs([
        { id: 1, columnId: 3, key: 'valueDialog', value: '{"name":"选择客户","url":"/pick.html"}' },
        { id: '2', columnId: '4', key: 'valueDialog', value: 'not json' },
        { id: 3, columnId: 5, key: 'other', value: '{}' },
        { columnId: 6, key: 'valueDialog', value: '{}' },
        null,
      ]),
    ).toEqual([
      { id: 1, columnId: 3, name: '选择客户', url: '/pick.html' },
      { id: 2, columnId: 4, name: '', url: '' },
    ]);
  });
});

describe('isDialogUrl', () => {
  it.each<[string, boolean]>([
    ['https://example.com/pick?x=1', true],
    ['HTTP://example.com', true],
    ['/pages/pick.html', true],
    ['./pick.html', true],
    ['pick.html?a=b', true],
    ['', false],
    ['   ', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['https://', false],
    ['https://exa mple.com', false],
    ['ftp://example.com/x', false],
  ])('%s → %s', (url, ok) => {
    expect(isDialogUrl(url)).toBe(ok);
  });
});

describe('valueDialogIssues', () => {
  it('asks for a name and a usable url', () => {
    expect(valueDialogIssues({ name: ' ', url: '' })).toEqual({ name: 'required', url: 'required' });
    expect(valueDialogIssues({ name: '选择', url: 'javascript:void(0)' })).toEqual({ url: 'invalidUrl' });
    expect(valueDialogIssues({ name: '选择', url: '/pick.html' })).toEqual({});
  });
});

describe('valueDialogRecord', () => {
  it('is the columnExtProperty record with trimmed JSON text', () => {
    expect(valueDialogRecord(7, 3, { name: ' 选择 ', url: ' /p.html ' })).toEqual({
      tableId: 7,
      columnId: 3,
      key: 'valueDialog',
      value: '{"name":"选择","url":"/p.html"}',
    });
  });
});
