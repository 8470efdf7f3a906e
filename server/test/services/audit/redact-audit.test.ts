import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../contract/audit';
import { redactAuditEntry, type HiddenColumnTables } from '../../../src/services/audit/redact-audit';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  time: 0,
  user: { id: 1, name: 'admin' },
  action: 'export',
  dataSource: 'primary',
  table: 'purchase',
  detail: {},
  requestId: null,
  address: null,
  userAgent: null,
  ...over,
});

const sql = entry({ action: 'sqlExecute', table: null, detail: { sql: 'select 1', readOnly: true } });
const exported = entry({ detail: { format: 'xlsx', query: { filter: 'x' }, rows: 1 } });
const refused = entry({
  action: 'refused',
  dataSource: null,
  table: null,
  detail: { url: '/api/audit?x=1' },
});

describe('redactAuditEntry', () => {
  it('changes nothing for a reader without hidden columns, and returns the same entry', () => {
    for (const e of [sql, exported, refused]) expect(redactAuditEntry(e, new Map())).toBe(e);
  });

  it('takes a statement away on a data source with a hidden column anywhere, and keeps it elsewhere', () => {
    expect(redactAuditEntry(sql, new Map([['primary', new Set(['other'])]])).detail).toEqual({
      readOnly: true,
      redacted: ['sql'],
    });
    expect(redactAuditEntry(sql, new Map([['sales', new Set(['purchase'])]]))).toBe(sql);
  });

  it('takes a filter and a query string away only on the table with a hidden column', () => {
    const hidden: HiddenColumnTables = new Map([['primary', new Set(['purchase'])]]);
    expect(redactAuditEntry(exported, hidden).detail).toEqual({
      format: 'xlsx',
      rows: 1,
      redacted: ['query'],
    });
    expect(redactAuditEntry({ ...exported, table: 'line' }, hidden).detail).toEqual(exported.detail);
    const viewed = entry({
      action: 'viewAs',
      detail: { url: '/api/business/purchase?filter=1', method: 'GET' },
    });
    expect(redactAuditEntry(viewed, hidden).detail).toEqual({
      url: '/api/business/purchase',
      method: 'GET',
      redacted: ['url'],
    });
    // A URL without a query string has nothing to take away.
    const plain = entry({ action: 'viewAs', detail: { url: '/api/business/purchase/1' } });
    expect(redactAuditEntry(plain, hidden)).toBe(plain);
  });

  it('counts a data source whose tables could not be read, and an entry of no data source, as hiding everything', () => {
    const unknown: HiddenColumnTables = new Map([['primary', null]]);
    expect(redactAuditEntry({ ...exported, table: 'any' }, unknown).detail).toMatchObject({
      redacted: ['query'],
    });
    expect(redactAuditEntry(refused, new Map([['sales', new Set(['t'])]])).detail).toEqual({
      url: '/api/audit',
      redacted: ['url'],
    });
  });
});
