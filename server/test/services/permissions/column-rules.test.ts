import { describe, expect, it } from 'vitest';
import { combineColumnRules, parseColumnGrants } from '../../../src/services/permissions/column-rules';

describe('parseColumnGrants', () => {
  it('reads the stored JSON, tolerating strings and dropping what is not an entry', () => {
    expect(
      parseColumnGrants(
        JSON.stringify([
          { columnId: 3, read: false, update: false },
          { columnId: '4', read: true, update: 'false' },
          { columnId: 5, read: false, update: true },
          { columnId: 'x', read: false },
          null,
          7,
        ]),
      ),
    ).toEqual([
      { columnId: 3, read: false, update: false },
      { columnId: 4, read: true, update: false },
      // Reading nothing leaves nothing to change.
      { columnId: 5, read: false, update: false },
    ]);
    for (const bad of [null, '', 'not json', '{"columnId":1}', 42])
      expect(parseColumnGrants(bad)).toEqual([]);
  });
});

describe('combineColumnRules', () => {
  it('takes a right away only when every record of the table takes it away', () => {
    const rules = combineColumnRules([
      {
        tableId: 1,
        columns: [
          { columnId: 10, read: false, update: false },
          { columnId: 11, read: true, update: false },
        ],
      },
      {
        tableId: 1,
        columns: [
          { columnId: 10, read: false, update: false },
          { columnId: 12, read: false, update: false },
        ],
      },
      { tableId: 2, columns: [{ columnId: 20, read: true, update: true }] },
    ]);
    expect([...(rules.get(1)?.hidden ?? [])]).toEqual([10]);
    expect([...(rules.get(1)?.readOnly ?? [])]).toEqual([10]);
    // Table 2 takes nothing away: no rules for it.
    expect(rules.has(2)).toBe(false);
  });

  it('hides and protects what a single record says', () => {
    const rules = combineColumnRules([
      {
        tableId: 1,
        columns: [
          { columnId: 10, read: false, update: false },
          { columnId: 11, read: true, update: false },
        ],
      },
    ]);
    expect([...(rules.get(1)?.hidden ?? [])]).toEqual([10]);
    expect([...(rules.get(1)?.readOnly ?? [])].sort()).toEqual([10, 11]);
    expect(combineColumnRules([]).size).toBe(0);
  });
});
