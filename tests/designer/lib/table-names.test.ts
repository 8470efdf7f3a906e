import { deriveNames, suggestPluralName, suggestTableName } from '../../../src/designer/lib/table-names';

describe('suggestPluralName', () => {
  it.each([
    ['product', 'products'],
    ['category', 'categories'],
    ['day', 'days'],
    ['box', 'boxes'],
    ['address', 'addresses'],
    ['batch', 'batches'],
    ['', ''],
  ])('%s → %s', (name, expected) => expect(suggestPluralName(name)).toBe(expected));
});

describe('suggestTableName', () => {
  it.each([
    ['product', 'product'],
    ['orderLine', 'order_line'],
    ['HTTPLog', 'http_log'],
    ['item2Tag', 'item2_tag'],
    ['', ''],
  ])('%s → %s', (name, expected) => expect(suggestTableName(name)).toBe(expected));
});

describe('deriveNames', () => {
  const current = { pluralName: 'typed', tableName: 'typed_too' };
  it.each([
    [
      { pluralName: false, tableName: false },
      { pluralName: 'orderLines', tableName: 'order_line' },
    ],
    [
      { pluralName: true, tableName: false },
      { pluralName: 'typed', tableName: 'order_line' },
    ],
    [{ pluralName: true, tableName: true }, current],
  ])('touched %j → %j', (touched, expected) => {
    expect(deriveNames('orderLine', current, touched)).toEqual(expected);
  });
});
