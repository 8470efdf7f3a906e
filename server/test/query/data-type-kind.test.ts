import { describe, expect, it } from 'vitest';
import { DATA_TYPE_TABLE, DATA_TYPES, type DataType } from '../../../contract/index';
import { physicalType } from '../../src/dialects/column-type';
import { zeroValue } from '../../src/dialects/default-value';
import { integerRange, isIntegerType } from '../../src/dialects/integer-range';
import { isTextType, kindOf } from '../../src/query/data-type-kind';
import { familyOf } from '../../src/services/ddl/column-conversion';

const sized = (dataType: DataType) => ({
  dataType,
  length: null,
  precision: null,
  scale: null,
  unsigned: false,
});

describe('the server keys every data type by the shared table', () => {
  it.each([...DATA_TYPES])(
    '%s has a kind, a family, a stand-in value and a physical type on each dialect',
    (type) => {
      expect(kindOf(type)).toBe(DATA_TYPE_TABLE[type].kind);
      expect(isTextType(type)).toBe(DATA_TYPE_TABLE[type].text);
      expect(isIntegerType(type)).toBe(DATA_TYPE_TABLE[type].integer);
      expect(familyOf(type)).toMatch(/^(string|integer|float|decimal|date|time|datetime|bool)$/);
      expect(zeroValue({ dataType: type })).not.toBeUndefined();
      for (const dialect of ['sqlite', 'pg', 'mysql'] as const) {
        expect(physicalType(dialect, sized(type))).toMatch(/^[a-z]/);
      }
    },
  );

  it('takes integer ranges from the bits of the table', () => {
    expect(integerRange('TINYINT', false)).toEqual({ min: -128n, max: 127n });
    expect(integerRange('MEDIUMINT', true)).toEqual({ min: 0n, max: 16777215n });
    expect(integerRange('BIGINT', false).max).toBe(9223372036854775807n);
  });

  it('refuses an unknown type instead of treating it as text', () => {
    const unknown = 'JSON' as DataType;
    expect(() => kindOf(unknown)).toThrow('Unknown data type: JSON');
    expect(() => familyOf(unknown)).toThrow('Unknown data type: JSON');
    expect(() => zeroValue({ dataType: unknown })).toThrow('Unknown data type: JSON');
    expect(isIntegerType(unknown)).toBe(false);
  });
});
