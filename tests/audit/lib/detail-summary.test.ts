import type { AuditEntry } from '../../../contract';
import { detailSummary, isAlarming, tableLabel, SUMMARY_TEXT } from '../../../src/audit/lib/detail-summary';
import { i18n, loadLocale } from '../../../src/providers/i18n-provider';

const entry = (action: AuditEntry['action'], detail: Record<string, unknown>): AuditEntry => ({
  id: 1,
  time: 0,
  user: { id: 1, name: 'ann' },
  action,
  dataSource: 'primary',
  table: null,
  detail,
  requestId: null,
  address: null,
  userAgent: null,
});

/** Shows the key and its parameters, so the tests see what the screen would be given. */
const t = (key: string, params: Record<string, unknown> = {}) =>
  Object.keys(params).length === 0 ? key : `${key}${JSON.stringify(params)}`;

describe('detailSummary', () => {
  it('says what a console statement did, its text cut to a line', () => {
    const sql = `select ${'x, '.repeat(60)}1`;
    const text = detailSummary(entry('sqlExecute', { sql, readOnly: false, rowCount: 3, elapsedMs: 12 }), t);
    expect(text).toContain('"mode":"audit.detail.readWrite"');
    expect(text).toContain('"rows":"3"');
    expect(text).toContain(`${sql.slice(0, SUMMARY_TEXT)}…`);
  });

  it("says where the server left a text out under the reader's column rules", () => {
    const sql = detailSummary(entry('sqlExecute', { readOnly: true, rowCount: 1, redacted: ['sql'] }), t);
    expect(sql).toContain('"sql":"audit.detail.redacted"');
    const exported = detailSummary(entry('export', { format: 'xlsx', rows: 2, redacted: ['query'] }), t);
    expect(exported).toContain('"filter":"audit.detail.redacted"');
    expect(
      detailSummary(entry('refused', { method: 'GET', url: '/api/business/user', redacted: ['url'] }), t),
    ).toBe('GET /api/business/user audit.detail.redacted');
  });

  it('says row or rows in English as the count asks, and 行 in Chinese', async () => {
    const real = (key: string, params?: Record<string, unknown>) => i18n.t(key, params ?? {});
    const exported = (rows: number) => entry('export', { format: 'xlsx', rows });
    try {
      await i18n.changeLanguage('en-US');
      await loadLocale('en-US');
      expect(detailSummary(exported(1), real)).toBe('xlsx, 1 row ');
      expect(detailSummary(exported(2), real)).toBe('xlsx, 2 rows ');
      expect(
        detailSummary(entry('sqlExecute', { sql: 's', readOnly: true, rowCount: 1, elapsedMs: 3 }), real),
      ).toBe('s (read-only, 1 row, 3 ms)');
      // a count not known (an older entry): the plural form, with a dash
      expect(detailSummary(entry('export', { format: 'xlsx' }), real)).toBe('xlsx, - rows ');
      await i18n.changeLanguage('zh-CN');
      expect(detailSummary(exported(1), real)).toBe('xlsx，1 行 ');
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });

  it('names the user a view was made as', () => {
    expect(
      detailSummary(
        entry('viewAs', { viewedAs: { id: 7, name: '安娜' }, method: 'GET', url: '/api/business/deal' }),
        t,
      ),
    ).toBe('audit.detail.viewAs{"user":"安娜","url":"/api/business/deal"}');
  });

  it('names the record and fields of a user, role or permission change, never values', () => {
    expect(
      detailSummary(
        entry('userChange', { operation: 'update', key: '7', fields: ['password', 'realname'] }),
        t,
      ),
    ).toBe(
      'audit.detail.record{"operation":"audit.operations.update","key":"7","fields":"password, realname"}',
    );
    // a schedule's change names its secret, never its value
    expect(
      detailSummary(
        entry('scheduleChange', { operation: 'create', key: '3', fields: ['name', 'secret'] }),
        t,
      ),
    ).toBe('audit.detail.record{"operation":"audit.operations.create","key":"3","fields":"name, secret"}');
  });

  it('gives exports, imports, schema changes, files and refusals their line', () => {
    expect(detailSummary(entry('export', { format: 'xlsx', query: { filter: 'f' }, rows: 2 }), t)).toContain(
      '"rows":"2"',
    );
    expect(
      detailSummary(entry('import', { fileName: 'a.xlsx', rows: { inserted: 5, updated: 1, failed: 0 } }), t),
    ).toContain('"file":"a.xlsx","inserted":"5","updated":"1","failed":"0"');
    expect(
      detailSummary(entry('schemaChange', { route: 'POST /api/metadata/tables', ddl: ['a', 'b'] }), t),
    ).toContain('"count":2');
    expect(detailSummary(entry('fileDownload', { name: 'plan.pdf' }), t)).toBe('plan.pdf');
    expect(detailSummary(entry('refused', { method: 'GET', url: '/api/business/user' }), t)).toBe(
      'GET /api/business/user',
    );
    expect(detailSummary(entry('signIn', {}), t)).toBe('');
    expect(detailSummary(entry('signInFailed', { username: 'bob', reason: 'throttled' }), t)).toBe(
      'audit.detail.signInFailed{"username":"bob","reason":"audit.reasons.throttled"}',
    );
  });
});

describe('isAlarming and tableLabel', () => {
  it('marks refusals and failed sign-ins, and names tables of other data sources with theirs', () => {
    expect(isAlarming('refused')).toBe(true);
    expect(isAlarming('signInFailed')).toBe(true);
    expect(isAlarming('export')).toBe(false);
    expect(tableLabel({ dataSource: 'primary', table: 'product' })).toBe('product');
    expect(tableLabel({ dataSource: 'shop', table: 'product' })).toBe('shop.product');
    expect(tableLabel({ dataSource: null, table: null })).toBe('');
  });
});
