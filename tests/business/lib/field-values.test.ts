import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { DataType } from '../../../contract';
import { isBlank, toDayjs, toFormValue, toWireValue } from '../../../src/business/lib/field-values';

const c = (dataType: DataType) => ({ dataType });

describe('isBlank', () => {
  it.each<[unknown, boolean]>([
    [null, true],
    [undefined, true],
    ['', true],
    ['   ', true],
    [[], true],
    ['a', false],
    [0, false],
    [false, false],
    [[{ id: 1 }], false],
  ])('%j → %s', (value, expected) => {
    expect(isBlank(value)).toBe(expected);
  });
});

describe('toFormValue → toWireValue round trip', () => {
  it.each<[DataType, unknown, unknown]>([
    ['DATE', '2026-11-22', '2026-11-22'],
    ['DATETIME', '2026-11-22 08:05:09', '2026-11-22 08:05:09'],
    ['TIME', '08:05:09', '08:05:09'],
    ['TIME', '8:05', '08:05:00'],
    ['BOOL', true, true],
    ['BOOL', 0, false],
    ['BOOL', 'true', true],
    ['INT', 42, 42],
    ['TINYINT', '7', 7],
    ['BIGINT', 5, 5],
    ['BIGINT', '9223372036854775807', '9223372036854775807'],
    ['DECIMAL', '12.50', '12.50'],
    ['DECIMAL', 3.5, '3.5'],
    ['DOUBLE', 1.25, 1.25],
    ['VARCHAR', 'abc', 'abc'],
    ['TEXT', 'line 1\nline 2', 'line 1\nline 2'],
    ['ATTACHMENT', '/api/file/x.png', '/api/file/x.png'],
  ])('%s %j', (dataType, stored, wire) => {
    expect(toWireValue(c(dataType), toFormValue(c(dataType), stored))).toEqual(wire);
  });

  it('reads epoch milliseconds for date-times', () => {
    const at = dayjs('2026-01-02T03:04:05').valueOf();
    expect(toWireValue(c('DATETIME'), toFormValue(c('DATETIME'), at))).toBe('2026-01-02 03:04:05');
  });

  it('starts a password empty whatever is stored', () => {
    expect(toFormValue(c('PASSWORD'), 'hash')).toBe('');
  });

  it.each<[DataType, unknown]>([
    ['VARCHAR', null],
    ['INT', null],
    ['BIGINT', null],
    ['DATE', null],
  ])('nothing stored in %s gives a blank input', (dataType, stored) => {
    expect(isBlank(toFormValue(c(dataType), stored))).toBe(true);
  });

  it.each<[DataType, unknown]>([
    ['VARCHAR', ''],
    ['VARCHAR', '  '],
    ['INT', null],
    ['DATE', null],
    ['PASSWORD', ''],
  ])('blank %s gives undefined (left out)', (dataType, value) => {
    expect(toWireValue(c(dataType), value)).toBeUndefined();
  });

  it('keeps a date-time picked in the picker in the server format', () => {
    expect(toWireValue(c('DATETIME'), dayjs('2026-05-06T07:08:09'))).toBe('2026-05-06 07:08:09');
    expect(toWireValue(c('TIME'), dayjs('2026-05-06T07:08:09'))).toBe('07:08:09');
    expect(toWireValue(c('DATE'), dayjs('2026-05-06T07:08:09'))).toBe('2026-05-06');
  });

  it('returns null for unreadable temporal values', () => {
    expect(toDayjs('TIME', 'noon')).toBeNull();
    expect(toDayjs('DATE', 'not a date')).toBeNull();
  });
});

describe('choice columns', () => {
  const options = [{ value: 'hot' }, { value: 'new' }];
  const single = { dataType: 'VARCHAR' as const, options };
  const multiple = { dataType: 'VARCHAR' as const, options, multipleValue: true };

  it('hold the chosen value, or the list of them, in the form', () => {
    expect(toFormValue(single, 'hot')).toBe('hot');
    expect(toFormValue(single, null)).toBeUndefined();
    expect(toFormValue(multiple, 'hot,new')).toEqual(['hot', 'new']);
    expect(toFormValue(multiple, null)).toEqual([]);
  });

  it('send one value, or the values joined by commas; nothing chosen is blank', () => {
    expect(toWireValue(single, 'new')).toBe('new');
    expect(toWireValue(multiple, ['new', 'hot'])).toBe('new,hot');
    expect(toWireValue(multiple, [])).toBeUndefined();
    expect(toWireValue(single, undefined)).toBeUndefined();
  });
});
