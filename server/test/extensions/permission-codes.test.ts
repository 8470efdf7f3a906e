import { describe, expect, it } from 'vitest';
import { defineServerExtension } from '../../src/extensions/sdk';
import activity from '../../src/extensions/activity';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/** A server-only extension: no web part, one permission its route checks. */
const ledger = defineServerExtension({
  name: 'ledger',
  permissions: [{ code: 'ext:ledger:close', label: { 'zh-CN': '结账', 'en-US': 'Close the books' } }],
});

describe('defineServerExtension: permission codes', () => {
  it('refuses a code outside the extension, a malformed verb, and a missing label, naming them', () => {
    const define =
      (code: string, label = { 'zh-CN': '甲', 'en-US': 'A' }) =>
      () =>
        defineServerExtension({ name: 'ledger', permissions: [{ code, label }] });
    expect(define('ext:other:close')).toThrow('permission ext:other:close must be ext:ledger:<verb>');
    expect(define('ext:ledger:')).toThrow('ext:ledger:<verb>');
    expect(define('ext:ledger:close books')).toThrow('ext:ledger:<verb>');
    expect(define('ext:ledger:close', { 'zh-CN': ' ', 'en-US': 'A' })).toThrow(
      'needs a zh-CN and an en-US label',
    );
    expect(define('ext:ledger:close')).not.toThrow();
  });

  it('refuses a route declared as writing no record without a write method, a path or a reason', () => {
    const define = (writesNoRecord: Record<string, string>) => () =>
      defineServerExtension({ name: 'ledger', writesNoRecord });
    expect(define({ 'GET /totals': 'reads' })).toThrow('writesNoRecord "GET /totals"');
    expect(define({ 'POST totals': 'no slash' })).toThrow('writesNoRecord "POST totals"');
    expect(define({ 'POST /close': ' ' })).toThrow('with a reason');
    expect(define({ 'POST /close': 'closes the books in a table of its own' })).not.toThrow();
  });
});

describeEachDatabase('GET /api/permissions/extensions ($name)', (db) => {
  const apps = useTestApps(db);

  it("lists the server extensions' codes with their labels for any signed-in user, and nobody else", async () => {
    const app = await apps.build({ extensions: [activity, ledger] });
    const anonymous = await app.inject({ method: 'GET', url: '/api/permissions/extensions' });
    expect(anonymous.statusCode).toBe(401);
    const admin = apiClient(app, (await login(app)).cookie);
    const listed = await admin.get('/api/permissions/extensions');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([
      { code: 'ext:activity:read', label: { 'zh-CN': '查看记录动态', 'en-US': 'View record activity' } },
      { code: 'ext:ledger:close', label: { 'zh-CN': '结账', 'en-US': 'Close the books' } },
    ]);
  });
});
