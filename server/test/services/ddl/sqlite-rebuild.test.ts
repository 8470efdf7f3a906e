import { describe, expect, it } from 'vitest';
import { copyExpression, needsRebuild } from '../../../src/services/ddl/sqlite-rebuild';
import { col } from '../tables/fixtures';

describe('needsRebuild', () => {
  it('rebuilds only for what SQLite cannot ALTER', () => {
    expect(
      needsRebuild([
        { kind: 'renameColumn', table: 't', from: 'a', to: 'b' },
        { kind: 'addColumn', table: 't', column: col('a') },
      ]),
    ).toBe(false);
    expect(needsRebuild([{ kind: 'dropColumn', table: 't', column: col('a') }])).toBe(true);
    expect(needsRebuild([{ kind: 'setNotNull', table: 't', column: col('a') }])).toBe(true);
  });
});

describe('copyExpression', () => {
  it.each([
    ['string', 'string', '??'],
    ['string', 'integer', 'CAST(trim(??) AS INTEGER)'],
    ['string', 'decimal', 'CAST(trim(??) AS NUMERIC)'],
    ['string', 'date', 'trim(??)'],
    ['integer', 'string', 'CAST(?? AS TEXT)'],
    ['float', 'integer', 'CAST(round(??) AS INTEGER)'],
    ['datetime', 'date', 'substr(??, 1, 10)'],
    ['date', 'datetime', "?? || ' 00:00:00'"],
    ['integer', 'decimal', '??'],
  ] as const)('%s → %s copies %s', (from, to, sql) => {
    expect(copyExpression(from, to)).toBe(sql);
  });
});
