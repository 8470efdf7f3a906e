/** Record-key cases both halves test (data only): how keys are written, read and split. */
export interface EncodeKeyCase {
  names: readonly string[];
  record: Record<string, unknown>;
  key: string;
}

export interface DecodeKeyCase {
  names: readonly string[];
  text: string;
  values: Record<string, string> | null;
}

export interface SplitKeysCase {
  names: readonly string[];
  text: string;
  records: Record<string, string>[] | null;
}

const COMPOSITE = ['orderId', 'lineNo'];

export const ENCODE_KEY_CASES: readonly EncodeKeyCase[] = [
  { names: ['id'], record: { id: 5, name: 'x' }, key: '5' },
  { names: ['code'], record: { code: 'A,B=C' }, key: 'A,B=C' },
  { names: ['id'], record: { id: null }, key: '' },
  { names: ['id'], record: {}, key: '' },
  { names: COMPOSITE, record: { lineNo: 2, orderId: 1 }, key: 'orderId=1,lineNo=2' },
  { names: COMPOSITE, record: { orderId: 'a,b', lineNo: 'x=y%z' }, key: 'orderId=a%2Cb,lineNo=x%3Dy%25z' },
  { names: COMPOSITE, record: { orderId: '中文', lineNo: ' ' }, key: 'orderId=中文,lineNo= ' },
  { names: ['a', 'b'], record: { a: '中文', b: true }, key: 'a=中文,b=true' },
  { names: ['a', 'b'], record: { a: 1, b: null }, key: 'a=1,b=' },
];

export const DECODE_KEY_CASES: readonly DecodeKeyCase[] = [
  { names: ['id'], text: '5', values: { id: '5' } },
  { names: ['id'], text: 'a=b,c', values: { id: 'a=b,c' } },
  { names: ['id'], text: '%2C', values: { id: '%2C' } },
  { names: COMPOSITE, text: 'orderId=1,lineNo=2', values: { orderId: '1', lineNo: '2' } },
  { names: COMPOSITE, text: 'lineNo=2,orderId=1', values: { orderId: '1', lineNo: '2' } },
  { names: COMPOSITE, text: 'ORDERID=1,LineNo=2', values: { orderId: '1', lineNo: '2' } },
  { names: COMPOSITE, text: 'orderId=a%2Cb,lineNo=x%3Dy%25z', values: { orderId: 'a,b', lineNo: 'x=y%z' } },
  { names: COMPOSITE, text: 'orderId=%E4%B8%AD,lineNo=%2C', values: { orderId: '中', lineNo: ',' } },
  { names: COMPOSITE, text: 'orderId=1,lineNo=', values: { orderId: '1', lineNo: '' } },
  { names: COMPOSITE, text: 'orderId=1', values: null },
  { names: COMPOSITE, text: 'orderId=1,lineNo=2,orderId=3', values: null },
  { names: COMPOSITE, text: 'orderId=1,orderId=2', values: null },
  { names: COMPOSITE, text: 'orderId=1,other=2', values: null },
  { names: COMPOSITE, text: '1,2', values: null },
  { names: COMPOSITE, text: '=1,lineNo=2', values: null },
  { names: COMPOSITE, text: 'orderId=%E4,lineNo=2', values: null },
  { names: COMPOSITE, text: '', values: null },
  { names: [], text: '5', values: null },
];

export const SPLIT_KEYS_CASES: readonly SplitKeysCase[] = [
  { names: ['id'], text: '1,2, 3,,', records: [{ id: '1' }, { id: '2' }, { id: '3' }] },
  { names: ['id'], text: '', records: [] },
  {
    names: COMPOSITE,
    text: 'orderId=1,lineNo=2,orderId=1,lineNo=3',
    records: [
      { orderId: '1', lineNo: '2' },
      { orderId: '1', lineNo: '3' },
    ],
  },
  {
    names: COMPOSITE,
    text: 'lineNo=2,orderId=1,lineNo=3,orderId=1',
    records: [
      { orderId: '1', lineNo: '2' },
      { orderId: '1', lineNo: '3' },
    ],
  },
  { names: COMPOSITE, text: 'orderId=a%2Cb,lineNo=%3D', records: [{ orderId: 'a,b', lineNo: '=' }] },
  { names: COMPOSITE, text: 'orderId=1,lineNo=2,orderId=3', records: null },
  { names: COMPOSITE, text: 'orderId=1,2', records: null },
  { names: [], text: '1', records: null },
];
