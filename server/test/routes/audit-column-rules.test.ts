import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { VIEW_AS_HEADER } from '../../../contract/permissions';
import type { AuditEntry } from '../../../contract/audit';
import { SHARED_STATE, SYSTEM } from '../../src/db/table-names';
import { createHistoryTables, type HistoryTables } from '../helpers/history-tables';
import { apiClient, type ApiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser, removeUsersAndRoles } from '../helpers/users';

const PASSWORD = 'Auditor-pass-1';
/** The value only the hidden column `purchase.amount` holds. */
const SECRET = 777013;

/** An auditor (`audit:read`) whose role hides `hiddenColumn` of `table`, or who has no column rule. */
const auditorOf = async (
  tables: HistoryTables,
  username: string,
  hide?: { tableId: number; columnId: number },
): Promise<ApiClient> => {
  const { app, knex, admin } = tables;
  const role = `ROLE_${username.toUpperCase()}`;
  await createUser(app, {
    username,
    password: PASSWORD,
    roles: { [role]: 'audit:read,business:purchase:read,business:purchaseLine:read' },
  });
  if (hide) {
    const roleId = (await knex(SYSTEM.role).where('code', role).first()).id;
    const granted = await admin.post('/api/business/tablePermission', {
      tableId: hide.tableId,
      roleId,
      permissions: '',
      columns: JSON.stringify([{ columnId: hide.columnId, read: false, update: false }]),
    });
    expect(granted.statusCode, granted.body).toBe(201);
  }
  return apiClient(app, (await login(app, username, PASSWORD)).cookie);
};

/** Every cell of an audit export, as text. */
const exportedText = async (auditor: ApiClient): Promise<string> => {
  const exported = await auditor.post('/api/audit/export', undefined);
  expect(exported.statusCode, exported.body).toBe(201);
  const file = await auditor.get(exported.body);
  expect(file.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.worksheets[0]?.eachRow((row) => {
    row.eachCell((cell) => cells.push(String(cell.value)));
  });
  return cells.join('\n');
};

const entriesOf = async (auditor: ApiClient): Promise<AuditEntry[]> => {
  const read = await auditor.get('/api/audit?limit=100');
  expect(read.statusCode, read.body).toBe(200);
  return read.json() as AuditEntry[];
};

describeEachDatabase('audit log under column rules: an auditor never reads a hidden value ($name)', (db) => {
  const apps = useTestApps(db);

  it('leaves out the SQL text, the export filter and the query of a URL that may carry a value of a column the auditor may not read', async () => {
    const tables = await createHistoryTables(apps);
    const { app, knex, admin, order, line } = tables;
    await removeUsersAndRoles(knex);
    const amount = order.columns.find((column) => column.name === 'amount')!.id;
    const sku = line.columns.find((column) => column.name === 'sku')!.id;
    const ruled = await auditorOf(tables, 'ruledauditor', { tableId: order.id, columnId: amount });
    const elsewhere = await auditorOf(tables, 'lineauditor', { tableId: line.id, columnId: sku });
    const plain = await auditorOf(tables, 'plainauditor');
    const clerkId = (await knex(SYSTEM.user).where('username', 'plainauditor').first()).id as number;

    expect((await admin.post('/api/business/purchase', { name: '一', amount: SECRET })).statusCode).toBe(201);
    await knex(SHARED_STATE.audit).delete();
    // The super admin searches by the hidden value in three ways the audit log records.
    const sql = await admin.post('/api/metadata/sqls/execute', {
      sql: `select id from purchase where amount = ${String(SECRET)}`,
      readOnly: true,
    });
    expect(sql.statusCode, sql.body).toBe(200);
    const filter = JSON.stringify({ columnName: 'amount', operatorType: 'EQ', values: [SECRET] });
    const exported = await admin.post(
      `/api/business/purchase/export?filter=${encodeURIComponent(filter)}`,
      undefined,
    );
    expect(exported.statusCode, exported.body).toBe(201);
    const viewed = await app.inject({
      method: 'GET',
      url: `/api/business/purchase?filter=${encodeURIComponent(filter)}`,
      headers: { cookie: tables.cookie, [VIEW_AS_HEADER]: String(clerkId) },
    });
    expect(viewed.statusCode, viewed.body).toBe(200);

    // The auditor whose role hides purchase.amount: the entries are all there, the value in none.
    const seen = await entriesOf(ruled);
    expect(seen.map((entry) => entry.action).sort()).toEqual(['export', 'sqlExecute', 'viewAs']);
    expect(JSON.stringify(seen)).not.toContain(String(SECRET));
    const byAction = Object.fromEntries(seen.map((entry) => [entry.action, entry.detail]));
    expect(byAction.sqlExecute).toMatchObject({ readOnly: true, rowCount: 1, redacted: ['sql'] });
    expect(byAction.sqlExecute).not.toHaveProperty('sql');
    expect(byAction.export).toMatchObject({ format: 'xlsx', rows: 1, redacted: ['query'] });
    expect(byAction.export).not.toHaveProperty('query');
    expect(byAction.viewAs).toMatchObject({
      method: 'GET',
      url: '/api/business/purchase',
      redacted: ['url'],
    });
    expect(await exportedText(ruled)).not.toContain(String(SECRET));

    // An auditor hidden a column of another table: purchase's export filter is theirs to read,
    // a statement of the data source is not (it may read any table).
    const other = await entriesOf(elsewhere);
    const otherByAction = Object.fromEntries(other.map((entry) => [entry.action, entry.detail]));
    expect(otherByAction.export).toMatchObject({ query: { filter } });
    expect(otherByAction.sqlExecute).toMatchObject({ redacted: ['sql'] });
    expect(otherByAction.sqlExecute).not.toHaveProperty('sql');

    // An auditor without column rules, and the super admin, read every entry whole.
    for (const reader of [plain, admin]) {
      const whole = await entriesOf(reader);
      expect(JSON.stringify(whole)).toContain(String(SECRET));
      expect(JSON.stringify(whole)).not.toContain('redacted');
    }
    expect(await exportedText(plain)).toContain(String(SECRET));
  });
});
