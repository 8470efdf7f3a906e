import { describe, expect, it } from 'vitest';
import { offersSelectAll, readReverseReport } from '../../../src/designer/lib/reverse-report';

describe('readReverseReport', () => {
  it('reads a partial answer table by table', () => {
    const body = {
      reversed: [{ table: 'Order Details', id: 7 }],
      skipped: [{ table: 'a.b', message: '表名不能包含点' }],
      warnings: [
        { table: 'Order Details', reason: 'type' },
        { table: 'x', reason: 'default' },
      ],
    };
    expect(readReverseReport(body, ['Order Details', 'a.b'])).toEqual({
      reversed: [{ table: 'Order Details', id: 7 }],
      skipped: [{ table: 'a.b', message: '表名不能包含点' }],
      warnings: 2,
    });
  });

  it('reads an all-or-nothing answer (ids in the order sent) as all reversed', () => {
    expect(readReverseReport([11, 12], ['Album', 'Artist']).reversed).toEqual([
      { table: 'Album', id: 11 },
      { table: 'Artist', id: 12 },
    ]);
    expect(readReverseReport(13, ['Track']).reversed).toEqual([{ table: 'Track', id: 13 }]);
  });

  it('drops malformed entries instead of showing them', () => {
    const body = { reversed: [{ table: 'A' }, 'B', { table: 'C', id: 3 }], skipped: [{ message: 'x' }] };
    expect(readReverseReport(body, [])).toEqual({
      reversed: [{ table: 'C', id: 3 }],
      skipped: [],
      warnings: 0,
    });
    expect(readReverseReport(null, ['A'])).toEqual({ reversed: [], skipped: [], warnings: 0 });
  });
});

describe('offersSelectAll', () => {
  const matching = ['a', 'b', 'c', 'd'];
  it('offers it once the whole visible page is selected and more tables match', () => {
    expect(offersSelectAll(['a', 'b'], ['a', 'b'], matching)).toBe(true);
  });
  it.each<[string, string[], string[], string[]]>([
    ['part of the page selected', ['a'], ['a', 'b'], matching],
    ['everything already selected', matching, ['a', 'b'], matching],
    ['the page shows every match', ['a', 'b'], ['a', 'b'], ['a', 'b']],
    ['an empty page', [], [], matching],
  ])('does not offer it with %s', (_, selected, visible, all) => {
    expect(offersSelectAll(selected, visible, all)).toBe(false);
  });
});
