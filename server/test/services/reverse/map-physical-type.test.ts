import { describe, expect, it } from 'vitest';
import type { Client } from '../../../src/config';
import { mapPhysicalType } from '../../../src/services/reverse/map-physical-type';

describe('mapPhysicalType', () => {
  it.each([
    ['sqlite', 'INTEGER', { dataType: 'INT' }],
    ['sqlite', 'BIGINT', { dataType: 'BIGINT' }],
    ['sqlite', 'UNSIGNED BIG INT', { dataType: 'BIGINT' }],
    ['sqlite', 'NVARCHAR(40)', { dataType: 'VARCHAR', length: 40 }],
    ['sqlite', 'NUMERIC(10,2)', { dataType: 'DECIMAL', precision: 10, scale: 2 }],
    ['sqlite', 'DATETIME', { dataType: 'DATETIME' }],
    ['sqlite', 'BOOLEAN', { dataType: 'BOOL' }],
    ['sqlite', 'CLOB', { dataType: 'LONGTEXT' }],
    ['sqlite', 'VARYING CHARACTER(70)', { dataType: 'VARCHAR', length: 70 }],
    ['sqlite', 'NATIVE CHARACTER(70)', { dataType: 'CHAR', length: 70 }],
    ['sqlite', 'REAL', { dataType: 'FLOAT' }],
    ['sqlite', 'DOUBLE PRECISION', { dataType: 'DOUBLE' }],
    ['pg', 'integer', { dataType: 'INT' }],
    ['pg', 'character varying(160)', { dataType: 'VARCHAR', length: 160 }],
    ['pg', 'character(2)', { dataType: 'CHAR', length: 2 }],
    ['pg', 'character(300)', { dataType: 'VARCHAR', length: 300 }],
    ['pg', 'numeric(10,2)', { dataType: 'DECIMAL', precision: 10, scale: 2 }],
    ['pg', 'timestamp without time zone', { dataType: 'DATETIME' }],
    ['pg', 'timestamp(0) without time zone', { dataType: 'DATETIME' }],
    ['pg', 'time(0) without time zone', { dataType: 'TIME' }],
    ['pg', 'double precision', { dataType: 'DOUBLE' }],
    ['pg', 'real', { dataType: 'FLOAT' }],
    ['pg', 'boolean', { dataType: 'BOOL' }],
    ['pg', 'smallint', { dataType: 'SMALLINT' }],
    ['pg', 'text', { dataType: 'TEXT' }],
    ['mysql', 'int(11)', { dataType: 'INT', unsigned: false }],
    ['mysql', 'int(10) unsigned', { dataType: 'INT', unsigned: true }],
    ['mysql', 'bigint unsigned', { dataType: 'BIGINT', unsigned: true }],
    ['mysql', 'tinyint(1)', { dataType: 'BOOL' }],
    ['mysql', 'tinyint(4)', { dataType: 'TINYINT' }],
    ['mysql', 'mediumint(9)', { dataType: 'MEDIUMINT' }],
    ['mysql', 'varchar(16383)', { dataType: 'VARCHAR', length: 16383 }],
    ['mysql', 'float', { dataType: 'FLOAT' }],
    ['mysql', 'double', { dataType: 'DOUBLE' }],
    ['mysql', 'decimal(65,30)', { dataType: 'DECIMAL', precision: 65, scale: 30 }],
    ['mysql', 'longtext', { dataType: 'LONGTEXT' }],
    ['mysql', 'mediumtext', { dataType: 'TEXT' }],
    ['mysql', 'datetime', { dataType: 'DATETIME' }],
    ['mysql', 'timestamp', { dataType: 'DATETIME' }],
    ['mysql', 'date', { dataType: 'DATE' }],
    ['mysql', 'bit(1)', { dataType: 'BOOL' }],
  ] as [Client, string, object][])('%s %s → exact %j', (dialect, type, expected) => {
    const mapped = mapPhysicalType(type, dialect);
    expect(mapped).toMatchObject(expected);
    expect(mapped.fidelity).toBeUndefined();
    expect(mapped.readOnly).toBeFalsy();
  });

  it.each([
    ['sqlite', 'BLOB', 'LONGTEXT', 'approximate', true],
    ['sqlite', '', 'TEXT', 'approximate', false],
    ['sqlite', 'NUMERIC', 'DECIMAL', 'approximate', false],
    ['sqlite', 'MONEYISH', 'DECIMAL', 'approximate', false],
    ['pg', 'bytea', 'LONGTEXT', 'approximate', true],
    ['pg', 'jsonb', 'LONGTEXT', 'approximate', false],
    ['mysql', 'json', 'LONGTEXT', 'approximate', false],
    ['pg', 'timestamp with time zone', 'DATETIME', 'approximate', false],
    ['pg', 'uuid', 'CHAR', 'approximate', false],
    ['pg', 'numeric', 'DECIMAL', 'approximate', false],
    ['pg', 'character varying', 'TEXT', undefined, false],
    ['pg', 'integer[]', 'TEXT', 'unknown', true],
    ['pg', 'inet', 'VARCHAR', 'approximate', false],
    ['pg', 'macaddr', 'VARCHAR', 'approximate', false],
    ['mysql', 'inet6', 'VARCHAR', 'approximate', false],
    ['pg', 'point', 'TEXT', 'unknown', true],
    ['pg', 'money', 'DECIMAL', 'approximate', true],
    ['mysql', 'longblob', 'LONGTEXT', 'approximate', true],
    ['mysql', "enum('a','b')", 'VARCHAR', 'approximate', false],
    ['mysql', 'year(4)', 'SMALLINT', 'approximate', false],
    ['mysql', 'geometry', 'TEXT', 'unknown', true],
    ['mysql', 'decimal(70,2)', 'DECIMAL', 'approximate', false],
  ] as [Client, string, string, string | undefined, boolean][])(
    '%s %s → nearest %s (%s)',
    (dialect, type, dataType, fidelity, readOnly) => {
      const mapped = mapPhysicalType(type, dialect);
      expect(mapped.dataType).toBe(dataType);
      expect(mapped.fidelity).toBe(fidelity);
      expect(!!mapped.readOnly).toBe(readOnly);
    },
  );
});
