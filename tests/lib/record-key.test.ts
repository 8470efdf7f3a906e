import { describe, expect, it } from 'vitest';
import { hasRecordKey, parseRecordKey, recordKey } from '../../src/lib/record-key';

describe('recordKey (SPEC §3)', () => {
  it.each<[string[], Record<string, unknown>, string]>([
    [['id'], { id: 5, name: 'x' }, '5'],
    [['code'], { code: 'A,B=C' }, 'A,B=C'],
    [['id'], { id: null }, ''],
    [['orderId', 'lineNo'], { lineNo: 2, orderId: 1 }, 'orderId=1,lineNo=2'],
    [['a', 'b'], { a: 'x,y', b: 'p=q%' }, 'a=x%2Cy,b=p%3Dq%25'],
    [['a', 'b'], { a: '中文', b: true }, 'a=中文,b=true'],
  ])('%j of %j → %s', (names, record, key) => {
    expect(recordKey(names, record)).toBe(key);
  });
});

describe('parseRecordKey', () => {
  it.each<[string[], string, Record<string, string> | null]>([
    [['id'], '5', { id: '5' }],
    [['id'], 'a,b', { id: 'a,b' }],
    [['orderId', 'lineNo'], 'orderId=1,lineNo=2', { orderId: '1', lineNo: '2' }],
    [['orderId', 'lineNo'], 'LINENO=2,orderid=1', { orderId: '1', lineNo: '2' }],
    [['a', 'b'], 'a=x%2Cy,b=p%3Dq%25', { a: 'x,y', b: 'p=q%' }],
    [['a', 'b'], 'a=1', null],
    [['a', 'b'], 'a=1,a=2', null],
    [['a', 'b'], 'a=1,c=2', null],
    [['a', 'b'], 'a=1,b=%E0', null],
    [['a', 'b'], '=1,b=2', null],
    [[], '5', null],
  ])('%j %s → %j', (names, text, values) => {
    expect(parseRecordKey(names, text)).toEqual(values);
  });

  it('reads back what recordKey writes', () => {
    const names = ['k1', 'k2'];
    const record = { k1: 'a,=%b', k2: 'ü 1' };
    expect(parseRecordKey(names, recordKey(names, record))).toEqual(record);
  });
});

describe('hasRecordKey', () => {
  it.each<[string[], Record<string, unknown>, boolean]>([
    [['id'], { id: 0 }, true],
    [['id'], { id: '' }, false],
    [['a', 'b'], { a: 1, b: null }, false],
    [[], { id: 1 }, false],
  ])('%j %j → %s', (names, record, expected) => {
    expect(hasRecordKey(names, record)).toBe(expected);
  });
});
