import { describe, expect, it } from 'vitest';
import { gtidSetContains, parseGtidSet } from '../../../src/db/replicas/gtid-set';

const A = '3e11fa47-71ca-11e1-9e33-c80aa9429562';
const B = '4f2a1c00-0000-11ef-8000-0242ac120002';
const set = parseGtidSet;

describe('MySQL GTID sets', () => {
  it('parses sources, ranges, single numbers, tags and line breaks, merging what touches', () => {
    expect(set(`${A}:1-5:7`)).toEqual(
      new Map([
        [
          A,
          [
            [1n, 5n],
            [7n, 7n],
          ],
        ],
      ]),
    );
    // MySQL prints long sets over lines; upper-case UUIDs are the same source.
    expect(set(` ${A}:1-5,\n${B.toUpperCase()}:1-3 `)).toEqual(set(`${A}:1-5,${B}:1-3`));
    expect(set(`${A}:6-9:1-5:12`).get(A)).toEqual([
      [1n, 9n],
      [12n, 12n],
    ]);
    expect(set(`${A}:1-5:nightly:1-2`)).toEqual(
      new Map([
        [A, [[1n, 5n]]],
        [`${A}:nightly`, [[1n, 2n]]],
      ]),
    );
    expect(set('')).toEqual(new Map());
    expect(set(`${A}:1-18446744073709551615`).get(A)).toEqual([[1n, 18446744073709551615n]]);
  });

  it.each(['0-1-42', `${A}`, `${A}:`, `${A}:5-1`, `${A}:0`, `${A}:1-x`, 'not-a-uuid:1-5', `${A}:1-5;${B}:1`])(
    'refuses %j',
    (text) => {
      expect(() => set(text)).toThrow(/not a GTID set/);
    },
  );

  it('a replica has a sample when it holds every transaction of it, gaps included', () => {
    expect(gtidSetContains(set(`${A}:1-42`), set(`${A}:1-42`))).toBe(true);
    expect(gtidSetContains(set(`${A}:1-43`), set(`${A}:1-42`))).toBe(true);
    expect(gtidSetContains(set(`${A}:1-41`), set(`${A}:1-42`))).toBe(false);
    // Applied out of order: 41 is missing although 42 is there.
    expect(gtidSetContains(set(`${A}:1-40:42`), set(`${A}:1-42`))).toBe(false);
    // Numbers compare as numbers, not text.
    expect(gtidSetContains(set(`${A}:1-100`), set(`${A}:1-99`))).toBe(true);
    // Every source of the sample counts; the replica's own extra sources do not matter.
    expect(gtidSetContains(set(`${A}:1-5`), set(`${A}:1-5,${B}:1`))).toBe(false);
    expect(gtidSetContains(set(`${A}:1-5,${B}:1-9`), set(`${A}:1-5`))).toBe(true);
    // A tag is a source of its own.
    expect(gtidSetContains(set(`${A}:1-5`), set(`${A}:1-5:nightly:1`))).toBe(false);
    // Everything has the empty set (a primary before its first transaction).
    expect(gtidSetContains(set(''), set(''))).toBe(true);
    expect(gtidSetContains(set(''), set(`${A}:1`))).toBe(false);
  });
});
