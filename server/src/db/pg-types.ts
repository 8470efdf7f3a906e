import pg from 'pg';

const INT8 = 20;
const DATE = 1082;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

const safeInteger = (value: string): number | string => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
};
const raw = (value: string): string => value;

/**
 * Per-connection type parsers: BIGINT as a number when it fits (else the exact string), and
 * dates / timestamps as the database's text instead of JavaScript Dates shifted by time zones.
 */
export const pgTypes = {
  getTypeParser: (oid: number, format = 'text') => {
    if (format !== 'binary') {
      if (oid === INT8) return safeInteger;
      if (oid === DATE || oid === TIMESTAMP || oid === TIMESTAMPTZ) return raw;
    }
    return pg.types.getTypeParser(oid, format === 'binary' ? 'binary' : 'text');
  },
};
