import { expect, it } from 'vitest';
import { DEFAULT_SQL_CONSOLE } from '../../src/config';
import { SHARED_STATE, SYSTEM } from '../../src/db/table-names';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase, itOn } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const OPERATOR = 'sql:execute,metadata:*,business:*:*';
const SQL = '/api/metadata/sqls/execute';

describeEachDatabase("the SQL console and crudboard's own tables ($name)", (db) => {
  const apps = useTestApps(db);
  let n = 0;
  const q = (name: string) => (db.name === 'mysql' ? `\`${name}\`` : `"${name}"`);

  const setup = async () => {
    const app = await apps.build();
    n += 1;
    await createUser(app, {
      username: `op${n}`,
      password: 'Operator-pass-1',
      roles: { [`ROLE_OP${n}`]: OPERATOR },
    });
    const operator = apiClient(app, (await login(app, `op${n}`, 'Operator-pass-1')).cookie);
    const admin = apiClient(app, (await login(app)).cookie);
    return { app, knex: app.dataSources.primary.knex, operator, admin };
  };

  it('refuses write-mode statements on cb_ tables to anyone but the super admin, and changes nothing', async () => {
    const { knex, operator } = await setup();
    const before = JSON.stringify(await knex(SYSTEM.user).orderBy('id'));
    const rolesBefore = JSON.stringify(await knex(SYSTEM.role).orderBy('id'));
    const statements = [
      `UPDATE ${SYSTEM.user} SET ${q('password')} = 'x'`,
      `UPDATE ${q(SYSTEM.role)} SET permissions = '*'`,
      `update CB_ROLE set permissions = 'ROLE_SUPER_ADMIN'`,
      `DELETE FROM ${SYSTEM.session}`,
      `INSERT INTO cb_meta_table (name) VALUES ('x')`,
      `CREATE VIEW v${n} AS SELECT * FROM ${SYSTEM.user}`,
      `DROP TABLE ${SYSTEM.sqlQuery}`,
    ];
    for (const sql of statements) {
      const response = await operator.post(SQL, { sql, readOnly: false });
      expect(response.statusCode, `${sql}: ${response.body}`).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect(JSON.stringify(await knex(SYSTEM.user).orderBy('id'))).toBe(before);
    expect(JSON.stringify(await knex(SYSTEM.role).orderBy('id'))).toBe(rolesBefore);
  });

  it('never shows password hashes, session tokens or request fingerprints in read mode to anyone but the super admin', async () => {
    const { operator, admin } = await setup();
    for (const sql of [
      `SELECT ${q('password')} FROM ${SYSTEM.user}`,
      `SELECT * FROM ${q(SYSTEM.session)}`,
      db.name === 'sqlite' ? 'select u.* from "main"."cb_user" u' : 'select u.* from cb_user u',
      `SELECT * FROM Cb_User`,
      `SELECT 1 AS one FROM ${SYSTEM.role} WHERE EXISTS (SELECT 1 FROM ${SYSTEM.user})`,
      `SELECT fingerprint FROM ${SHARED_STATE.idempotencyKey}`,
    ]) {
      const response = await operator.post(SQL, { sql });
      expect(response.statusCode, `${sql}: ${response.body}`).toBe(403);
    }
    const dynamic =
      db.name === 'pg'
        ? [
            `SELECT query_to_xml('select * from ' || chr(99) || 'b_user', true, false, '')`,
            `DO $$ BEGIN EXECUTE 'select 1'; END $$`,
          ]
        : db.name === 'mysql'
          ? [`PREPARE s FROM 'select 1'`, `EXECUTE s`]
          : [];
    for (const sql of dynamic) {
      const response = await operator.post(SQL, { sql, readOnly: false });
      expect(response.statusCode, `${sql}: ${response.body}`).toBe(403);
    }
    // Other reads of system tables pass the scan; so does everything for the super admin. On
    // PostgreSQL the console role, on MySQL/MariaDB the console account, has no rights on them:
    // the database refuses, to both.
    const byPrivilege = db.name !== 'sqlite';
    const roles = await operator.post(SQL, { sql: `SELECT code FROM ${SYSTEM.role}` });
    expect(roles.statusCode, roles.body).toBe(byPrivilege ? 400 : 200);
    const hashes = await admin.post(SQL, { sql: `SELECT ${q('password')} FROM ${SYSTEM.user}` });
    expect(hashes.statusCode, hashes.body).toBe(byPrivilege ? 400 : 200);
    if (byPrivilege) expect(hashes.json().message).toMatch(/permission denied|command denied/);
  });

  itOn(
    db,
    'pg',
    'mysql',
  )("lets the super admin's statements run as the connecting role when so configured", async () => {
    const app = await apps.build(
      {},
      apps.config({ sqlConsole: { ...DEFAULT_SQL_CONSOLE, superAdminUnrestricted: true } }),
    );
    const admin = apiClient(app, (await login(app)).cookie);
    const hashes = await admin.post(SQL, { sql: `SELECT ${q('password')} FROM ${SYSTEM.user}` });
    expect(hashes.statusCode, hashes.body).toBe(200);
  });
});
