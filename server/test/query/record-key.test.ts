import { describe, expect, it } from 'vitest';
import { decodeRecordKey, encodeRecordKey, splitRecordKeys } from '../../src/query/record-key';

const COMPOSITE = ['orderId', 'lineNo'];

describe('record keys', () => {
  it.each([
    [['id'], { id: 5 }, '5'],
    [['code'], { code: 'a,b=c' }, 'a,b=c'],
    [COMPOSITE, { orderId: 1, lineNo: 2 }, 'orderId=1,lineNo=2'],
    [COMPOSITE, { orderId: 'a,b', lineNo: 'x=y%z' }, 'orderId=a%2Cb,lineNo=x%3Dy%25z'],
    [COMPOSITE, { orderId: '中文', lineNo: ' ' }, 'orderId=中文,lineNo= '],
  ])('encodes %j %j as %s and decodes it back', (names, values, text) => {
    expect(encodeRecordKey(names, values)).toBe(text);
    expect(decodeRecordKey(names, text)).toEqual(
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
    );
  });

  it.each([
    ['lineNo=2,orderId=1', { orderId: '1', lineNo: '2' }],
    ['ORDERID=1,LineNo=2', { orderId: '1', lineNo: '2' }],
    ['orderId=%E4%B8%AD,lineNo=%2C', { orderId: '中', lineNo: ',' }],
    ['orderId=1,lineNo=', { orderId: '1', lineNo: '' }],
    ['orderId=1', null],
    ['orderId=1,lineNo=2,orderId=3', null],
    ['orderId=1,other=2', null],
    ['1,2', null],
    ['=1,lineNo=2', null],
    ['orderId=%E4,lineNo=2', null],
    ['', null],
  ])('decodes %j as %j', (text, expected) => {
    expect(decodeRecordKey(COMPOSITE, text)).toEqual(expected);
  });

  it('takes a single key as it is', () => {
    expect(decodeRecordKey(['id'], 'a=b,c')).toEqual({ id: 'a=b,c' });
  });

  it.each([
    [['id'], '1,2, 3,,', [{ id: '1' }, { id: '2' }, { id: '3' }]],
    [['id'], '', []],
    [
      COMPOSITE,
      'orderId=1,lineNo=2,orderId=1,lineNo=3',
      [
        { orderId: '1', lineNo: '2' },
        { orderId: '1', lineNo: '3' },
      ],
    ],
    [
      COMPOSITE,
      'lineNo=2,orderId=1,lineNo=3,orderId=1',
      [
        { orderId: '1', lineNo: '2' },
        { orderId: '1', lineNo: '3' },
      ],
    ],
    [COMPOSITE, 'orderId=1,lineNo=2,orderId=3', null],
    [COMPOSITE, 'orderId=1,2', null],
  ])('splits %j ids %j', (names, text, expected) => {
    expect(splitRecordKeys(names, text)).toEqual(expected);
  });
});
