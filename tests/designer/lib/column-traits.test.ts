import { DATA_TYPE_TABLE, DATA_TYPES, type DataType } from '../../../contract';
import {
  DATA_TYPE_TRAITS,
  isColumnFieldEnabled,
  type ConditionalField,
} from '../../../src/designer/lib/column-traits';

const row = (dataType: DataType, extra: Record<string, unknown> = {}) => ({
  dataType,
  indexType: 'NONE' as const,
  ...extra,
});

describe('isColumnFieldEnabled', () => {
  it('has traits for all 18 data types', () => {
    expect(Object.keys(DATA_TYPE_TRAITS).sort()).toEqual([...DATA_TYPES].sort());
  });

  it.each<[DataType, ConditionalField, boolean]>([
    ['VARCHAR', 'length', true],
    ['CHAR', 'length', true],
    ['PASSWORD', 'length', false],
    ['ATTACHMENT', 'length', false],
    ['INT', 'length', false],
    ['TEXT', 'length', false],
    ['DATETIME', 'length', false],
    ['DECIMAL', 'precision', true],
    ['DECIMAL', 'scale', true],
    ['DOUBLE', 'precision', false],
    ['FLOAT', 'scale', false],
    ['BIGINT', 'precision', false],
    ['VARCHAR', 'scale', false],
    ['INT', 'unsigned', true],
    ['DECIMAL', 'unsigned', false],
    ['TINYINT', 'unsigned', true],
    ['VARCHAR', 'unsigned', false],
    ['BIGINT', 'autoIncrement', true],
    ['INT', 'autoIncrement', true],
    ['SMALLINT', 'autoIncrement', false],
    ['FLOAT', 'autoIncrement', false],
    ['VARCHAR', 'seqId', true],
    ['BIGINT', 'seqId', true],
    ['DATE', 'seqId', false],
    ['TEXT', 'seqId', true],
    ['PASSWORD', 'seqId', false],
    ['VARCHAR', 'multipleValue', true],
    ['INT', 'multipleValue', false],
    ['VARCHAR', 'indexStorage', false],
    ['VARCHAR', 'indexName', false],
    ['BOOL', 'defaultValue', true],
    ['TEXT', 'defaultValue', false],
    ['LONGTEXT', 'defaultValue', false],
    ['PASSWORD', 'defaultValue', false],
    ['ATTACHMENT', 'defaultValue', true],
  ])('%s %s → %s', (dataType, field, expected) => {
    expect(isColumnFieldEnabled(row(dataType), field)).toBe(expected);
  });

  it.each<[Record<string, unknown>, ConditionalField, boolean]>([
    [{ indexType: 'UNIQUE' }, 'indexStorage', true],
    [{ indexType: 'FULLTEXT' }, 'indexStorage', false],
    [{ indexType: 'FULLTEXT' }, 'indexName', true],
    [{ indexType: null }, 'indexName', false],
    [{ autoIncrement: true }, 'defaultValue', false],
    [{ autoIncrement: true }, 'seqId', false],
  ])('a VARCHAR row with %j: %s → %s', (extra, field, expected) => {
    expect(isColumnFieldEnabled(row('VARCHAR', extra), field)).toBe(expected);
  });
});

describe('designer traits agree with the shared data-type table', () => {
  it.each([...DATA_TYPES])('%s', (type) => {
    const shared = DATA_TYPE_TABLE[type];
    const designer = DATA_TYPE_TRAITS[type];
    expect(designer.numeric).toBe(shared.numeric);
    expect(designer.integer).toBe(shared.integer);
    const sized = shared.length !== null && 'initial' in shared.length;
    expect(Boolean(designer.length)).toBe(sized);
    expect(Boolean(designer.precision)).toBe(shared.decimal !== null);
  });
});
