import { describe, expect, it } from 'vitest';
import { auditRow, boundedDetail, MAX_DETAIL_TEXT } from '../../../src/services/audit/audit-row';
import { isDdl } from '../../../src/services/audit/ddl-capture';
import { pruneBefore } from '../../../src/services/audit/prune-audit';

const origin = { userId: 3, userName: 'ann', requestId: 'r-1', address: '10.0.0.1', userAgent: 'ua' };

describe('auditRow', () => {
  it('carries the origin, the event and the detail as JSON; absent places are null', () => {
    expect(auditRow(origin, { action: 'signIn' }, 1000)).toEqual({
      at: 1000,
      userId: 3,
      userName: 'ann',
      action: 'signIn',
      dataSource: null,
      tableName: null,
      detail: '{}',
      requestId: 'r-1',
      address: '10.0.0.1',
      userAgent: 'ua',
    });
  });

  it("cuts long texts to the columns' widths and long detail strings with a mark", () => {
    const row = auditRow(
      { ...origin, userAgent: 'u'.repeat(1000), userName: 'n'.repeat(300) },
      { action: 'sqlExecute', table: 't'.repeat(200), detail: { sql: 's'.repeat(MAX_DETAIL_TEXT + 5) } },
      0,
    );
    expect(row.userAgent).toHaveLength(400);
    expect(row.userName).toHaveLength(200);
    expect(row.tableName).toHaveLength(128);
    expect((JSON.parse(row.detail) as { sql: string }).sql).toHaveLength(MAX_DETAIL_TEXT + 1);
    expect(boundedDetail({ list: ['x'.repeat(MAX_DETAIL_TEXT + 1)], n: 1 })).toEqual({
      list: [`${'x'.repeat(MAX_DETAIL_TEXT)}…`],
      n: 1,
    });
  });
});

describe('isDdl', () => {
  it('knows schema statements from the rest', () => {
    for (const sql of [
      'create table a (id int)',
      '  ALTER TABLE a ADD b int',
      'drop index x',
      'rename table a to b',
    ])
      expect(isDdl(sql), sql).toBe(true);
    for (const sql of ['select 1', 'insert into a values (1)', 'update a set b = 1', undefined])
      expect(isDdl(sql), String(sql)).toBe(false);
  });
});

describe('pruneBefore', () => {
  it('is the retention back from now, or null when entries are kept forever', () => {
    expect(pruneBefore(10 * 86_400_000, 3)).toBe(7 * 86_400_000);
    expect(pruneBefore(10 * 86_400_000, 0)).toBeNull();
  });
});
