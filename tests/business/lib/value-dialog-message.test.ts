import { describe, expect, it } from 'vitest';
import { originOf, valueFromMessage } from '../../../src/business/lib/value-dialog-message';

describe('originOf', () => {
  it.each<[string, string | null]>([
    ['https://pick.example.com/a?b=1', 'https://pick.example.com'],
    ['/picker.html', 'http://app.local:8080'],
    ['http://[bad', null],
  ])('%s', (url, origin) => {
    expect(originOf(url, 'http://app.local:8080/crudboard/x')).toBe(origin);
  });
});

describe('valueFromMessage', () => {
  const origin = 'https://pick.example.com';
  it.each<[string, { origin: string; data: unknown }, ReturnType<typeof valueFromMessage>]>([
    [
      'the expected message',
      { origin, data: { type: 'crudboard:value', value: 'A-1' } },
      { found: true, value: 'A-1' },
    ],
    [
      'a null value counts',
      { origin, data: { type: 'crudboard:value', value: null } },
      { found: true, value: null },
    ],
    [
      'another origin',
      { origin: 'https://evil.example.com', data: { type: 'crudboard:value', value: 1 } },
      { found: false },
    ],
    ['another type', { origin, data: { type: 'other', value: 1 } }, { found: false }],
    ['no value', { origin, data: { type: 'crudboard:value' } }, { found: false }],
    ['a bare string', { origin, data: 'crudboard:value' }, { found: false }],
  ])('%s', (_name, message, expected) => {
    expect(valueFromMessage(message, origin)).toEqual(expected);
  });

  it('accepts nothing when the dialog URL has no origin', () => {
    expect(valueFromMessage({ origin: 'null', data: { type: 'crudboard:value', value: 1 } }, null)).toEqual({
      found: false,
    });
  });
});
