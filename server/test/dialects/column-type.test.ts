import { describe, expect, it } from 'vitest';
import { DATA_TYPES, type DataType } from '../../../contract/index';
import { physicalType, unsignedNeedsCheck } from '../../src/dialects/column-type';

const column = (dataType: DataType, extra: Partial<Parameters<typeof physicalType>[1]> = {}) => ({
  dataType,
  length: null,
  precision: null,
  scale: null,
  unsigned: false,
  ...extra,
});

describe('physicalType', () => {
  const sized: Partial<Record<DataType, Partial<Parameters<typeof physicalType>[1]>>> = {
    CHAR: { length: 5 },
    VARCHAR: { length: 20 },
    DECIMAL: { precision: 12, scale: 2 },
  };
  it.each([
    ['CHAR', 'char(5)', 'char(5)', 'char(5)'],
    ['VARCHAR', 'varchar(20)', 'varchar(20)', 'varchar(20)'],
    ['TEXT', 'text', 'text', 'text'],
    ['LONGTEXT', 'text', 'text', 'longtext'],
    ['TINYINT', 'tinyint', 'smallint', 'tinyint'],
    ['SMALLINT', 'smallint', 'smallint', 'smallint'],
    ['MEDIUMINT', 'mediumint', 'integer', 'mediumint'],
    ['INT', 'integer', 'integer', 'int'],
    ['BIGINT', 'bigint', 'bigint', 'bigint'],
    ['FLOAT', 'real', 'real', 'float'],
    ['DOUBLE', 'double', 'double precision', 'double'],
    ['DECIMAL', 'decimal(12,2)', 'decimal(12,2)', 'decimal(12,2)'],
    ['DATE', 'date', 'date', 'date'],
    ['TIME', 'time', 'time(0)', 'time'],
    ['DATETIME', 'datetime', 'timestamp(0)', 'datetime'],
    ['BOOL', 'boolean', 'boolean', 'tinyint(1)'],
    ['ATTACHMENT', 'varchar(1000)', 'varchar(1000)', 'varchar(1000)'],
    ['PASSWORD', 'varchar(200)', 'varchar(200)', 'varchar(200)'],
  ] as const)('%s → sqlite %s, pg %s, mysql %s', (type, sqlite, pg, mysql) => {
    const typed = column(type, sized[type]);
    expect([physicalType('sqlite', typed), physicalType('pg', typed), physicalType('mysql', typed)]).toEqual([
      sqlite,
      pg,
      mysql,
    ]);
  });

  it('covers every data type of the contract', () => {
    for (const type of DATA_TYPES) expect(physicalType('pg', column(type))).toMatch(/^[a-z]/);
  });

  it('widens unsigned integers on PostgreSQL so the MySQL range fits', () => {
    expect(
      (['TINYINT', 'SMALLINT', 'MEDIUMINT', 'INT', 'BIGINT'] as const).map((type) =>
        physicalType('pg', column(type, { unsigned: true })),
      ),
    ).toEqual(['smallint', 'integer', 'integer', 'bigint', 'bigint']);
    expect(physicalType('mysql', column('INT', { unsigned: true }))).toBe('int');
  });

  it('falls back to MySQL defaults for missing sizes', () => {
    expect(physicalType('sqlite', column('VARCHAR'))).toBe('varchar(255)');
    expect(physicalType('sqlite', column('CHAR'))).toBe('char(1)');
    expect(physicalType('sqlite', column('DECIMAL'))).toBe('decimal(10,0)');
  });

  it('checks unsigned with a constraint except on MySQL', () => {
    const unsigned = column('INT', { unsigned: true });
    expect([
      unsignedNeedsCheck('sqlite', unsigned),
      unsignedNeedsCheck('pg', unsigned),
      unsignedNeedsCheck('mysql', unsigned),
    ]).toEqual([true, true, false]);
  });
});
