import { describe, expect, it } from 'vitest';
import { apiNameFor } from '../../../src/services/reverse/api-name';

describe('apiNameFor', () => {
  it('keeps a valid, free physical name and marks it taken', () => {
    const taken = new Set<string>();
    expect(apiNameFor('Album', taken)).toBe('Album');
    expect(taken.has('album')).toBe(true);
  });

  it('suffixes reserved words and names already used, ignoring case', () => {
    const taken = new Set(['album', 'order_t']);
    expect(apiNameFor('ALBUM', taken)).toBe('ALBUM_t');
    expect(apiNameFor('order', taken)).toBe('order_t2');
    expect(apiNameFor('select', taken)).toBe('select_t');
    expect(taken).toEqual(new Set(['album', 'order_t', 'album_t', 'order_t2', 'select_t']));
  });

  it('stays within 64 characters', () => {
    const long = 'a'.repeat(63);
    const name = apiNameFor(long, new Set([long]));
    expect(name).toHaveLength(64);
    expect(name.endsWith('_t')).toBe(true);
  });
});
