import { describe, expect, it } from 'vitest';
import {
  formatCounter,
  formatTime,
  parseCounterFormat,
  parseTimeFormat,
} from '../../../src/services/sequences/sequence-format';

describe('formatCounter', () => {
  it.each([
    ['SO_%09d', 42, 'SO_000000042'],
    ['ORD-%08d', 7, 'ORD-00000007'],
    ['%d', 5, '5'],
    ['%5d#', 42, '   42#'],
    ['100%%-%03d', 9, '100%-009'],
    ['%05d', -42, '-0042'],
    ['N%03d', 12345, 'N12345'],
  ])('%s with %d is %s', (format, value, text) => {
    expect(formatCounter(format, value)).toBe(text);
  });

  it.each(['', 'plain', '%s', '%d-%d', '%x', '%', 'a%5', '%-5d'])('refuses %j', (format) => {
    expect(parseCounterFormat(format)).toBeUndefined();
  });
});

describe('formatTime', () => {
  const instant = new Date(2024, 0, 2, 3, 4, 5, 67).getTime();

  it.each([
    ["'SO'yyyyMMddHHmmssSSS", 'SO20240102030405067'],
    ['yyyyMMdd', '20240102'],
    ['yy-M-d H:m:s', '24-1-2 3:4:5'],
    ["'it''s' yyyy", "it's 2024"],
    ['yyyy/MM/dd-HH', '2024/01/02-03'],
  ])('%s gives %s', (format, text) => {
    expect(formatTime(format, instant)).toBe(text);
  });

  it.each(["yyyy'open", 'yyyyQQ', 'hello', "'only text'"])('refuses %j', (format) => {
    expect(parseTimeFormat(format)).toBeUndefined();
  });
});
