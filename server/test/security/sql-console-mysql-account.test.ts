import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import knex, { type Knex } from 'knex';
import { expect, it as vitestIt } from 'vitest';
import type { App } from '../../src/app';
import { DEFAULT_SQL_CONSOLE, type AppConfig, type SqlConsoleConfig } from '../../src/config';
import { SYSTEM } from '../../src/db/table-names';
import { mariadbBigramFullText, mariadbBigramNames } from '../../src/dialects/full-text/mariadb-bigrams';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS, type ApiClient } from '../helpers/metadata-api';
import { login, useTestApps, type TestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { buildTwoInstances } from '../helpers/two-instances';
import { keyedFullTextTable } from '../helpers/keyed-full-text-table';
import { createUser } from '../helpers/users';

const SQL = '/api/metadata/sqls/execute';
const it = (title: string, test: () => Promise<void>) => vitestIt(title, test, 60_000);
const ENGLISH = { 'accept-language': 'en' };

/** The host part of the account the server sees a connection from (to make accounts it accepts). */
const clientHost = async (admin: Knex): Promise<string> => {
  const [rows] = (await admin.raw("SELECT SUBSTRING_INDEX(CURRENT_USER(), '@', -1) AS host")) as [
    { host: string }[],
  ];
  return rows[0]?.host ?? '%';
};

/** An account made by the database's administrator for one test, dropped afterwards. */
const makeAccount = async (
  adminUrl: string,
  database: string,
  grants: (account: string, database: string) => string[],
): Promise<{ url: string; drop: () => Promise<void> }> => {
  const admin = knex({ client: 'mysql2', connection: adminUrl, pool: { min: 0, max: 1 } });
  const user = `t_${randomBytes(5).toString('hex')}`;
  const password = `Pw-${randomBytes(9).toString('hex')}`;
  try {
    const host = await clientHost(admin);
    const account = `'${user}'@'${host}'`;
    await admin.raw(`CREATE USER ${account} IDENTIFIED BY '${password}'`);
    for (const grant of grants(account, database)) await admin.raw(grant);
  } finally {
    await admin.destroy();
  }
  const url = new URL(adminUrl);
  url.username = user;
  url.password = password;
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = knex({ client: 'mysql2', connection: adminUrl, pool: { min: 0, max: 1 } });
      try {
        await again.raw(`DROP USER IF EXISTS '${user}'@'${await clientHost(again)}'`);
      } finally {
        await again.destroy();
      }
    },
  };
};

/** What the README tells an operator to grant crudboard's own account (no CREATE USER). */
const README_NARROW = (account: string, database: string) => [
  `GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, DROP, INDEX, REFERENCES, TRIGGER ON \`${database}\`.* TO ${account}`,
];

/** What the README recommends: crudboard may create users and grant on its database. */
const README_RECOMMENDED = (account: string, database: string) => [
  `GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, DROP, INDEX, REFERENCES, TRIGGER, CREATE VIEW, CREATE ROUTINE ON \`${database}\`.* TO ${account} WITH GRANT OPTION`,
  `GRANT CREATE USER ON *.* TO ${account}`,
];

const logLines = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
};

describeEachDatabase(
  'the SQL console runs under a separate, narrow account ($name)',
  (db) => {
    const apps: TestApps = useTestApps(db);
    let n = 0;

    const consoleConfig = (sqlConsole: Partial<SqlConsoleConfig> = {}) =>
      apps.config({ sqlTimeoutMs: 5000, sqlConsole: { ...DEFAULT_SQL_CONSOLE, ...sqlConsole } });

    /** An app, an operator holding only sql:execute (and their user id), the super admin. */
    const setup = async (config: AppConfig = consoleConfig(), logger?: ReturnType<typeof logLines>) => {
      const app = await apps.build(logger ? { logger: logger.logger } : {}, config);
      return { app, ...(await people(app)) };
    };

    const people = async (app: App) => {
      n += 1;
      const operatorId = await createUser(app, {
        username: `acct${n}`,
        password: 'Console-pass-1',
        roles: { [`ROLE_ACCT${n}`]: 'sql:execute' },
      });
      const operator = apiClient(app, (await login(app, `acct${n}`, 'Console-pass-1')).cookie, ENGLISH);
      const admin = apiClient(app, (await login(app)).cookie, ENGLISH);
      return { operator, operatorId, admin };
    };

    const superAdminRoleId = async (app: App): Promise<number> =>
      Number((await app.dataSources.primary.knex(SYSTEM.role).where('code', 'ROLE_SUPER_ADMIN').first()).id);

    /** The attacks of the review, each hiding a word from the statement scan in an executable comment. */
    const attacks = (operatorId: number, superRole: number) => [
      { sql: 'select username, password from /*!50000cb_user*/', readOnly: true },
      { sql: 'select username, password from /*M!100100cb_user*/', readOnly: true },
      {
        sql: `insert into /*!50000cb_user_role*/ (userId, roleId) values (${operatorId}, ${superRole})`,
        readOnly: false,
      },
      {
        sql: `update /*!50000cb_user_role*/ set roleId = ${superRole} where userId = ${operatorId}`,
        readOnly: false,
      },
      { sql: "select 1 /*!50000INTO OUTFILE '/tmp/crudboard-console-comment-out'*/", readOnly: true },
      { sql: "select /*!50000LOAD_FILE*/('/etc/hostname') as f", readOnly: true },
      { sql: "/*!50000EXECUTE*/ IMMEDIATE concat('select password from cb_', 'user')", readOnly: false },
      { sql: 'create view leak_sessions as select * from /*!50000cb_session*/', readOnly: false },
    ];

    const expectUnchanged = async (app: App, operator: ApiClient, operatorId: number) => {
      const knex = app.dataSources.primary.knex;
      const roles = await knex(SYSTEM.userRole).where('userId', operatorId).select('roleId');
      expect(roles.map((r) => Number(r.roleId))).not.toContain(await superAdminRoleId(app));
      const [views] = (await knex.raw(
        "SELECT TABLE_NAME FROM information_schema.VIEWS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'leak_sessions'",
      )) as [unknown[]];
      expect(views).toEqual([]);
      // Still an ordinary user.
      const me = await operator.get('/api/users/me');
      expect(me.statusCode, me.body).toBe(200);
      expect(me.body).not.toContain('ROLE_SUPER_ADMIN');
    };

    it('refuses executable comments to everyone, with a clear message, and changes nothing', async () => {
      const { app, operator, operatorId, admin } = await setup();
      const superRole = await superAdminRoleId(app);
      for (const client of [operator, admin]) {
        for (const { sql, readOnly } of attacks(operatorId, superRole)) {
          const response = await client.post(SQL, { sql, readOnly });
          expect(response.statusCode, `${sql}: ${response.body}`).toBe(400);
          expect(response.json().message).toMatch(/executable comment/);
        }
      }
      await expectUnchanged(app, operator, operatorId);
      const chinese = await apiClient(app, (await login(app)).cookie).post(SQL, {
        sql: 'select /*!50000 1*/ as one',
      });
      expect(chinese.json().message).toMatch(/可执行注释/);
    });

    it("runs statements as an account that the database refuses crudboard's tables and files, the super admin's too", async () => {
      const { app, operator, operatorId, admin } = await setup();
      const knex = app.dataSources.primary.knex;
      await knex.schema.dropTableIfExists('acct_probe');
      await knex.schema.createTable('acct_probe', (t) => {
        t.increments('id');
        t.string('name', 20);
      });
      await knex('acct_probe').insert([{ name: 'alpha' }]);
      const who = await operator.post(SQL, { sql: 'SELECT CURRENT_USER() AS me' });
      expect(who.statusCode, who.body).toBe(200);
      const [rows] = (await knex.raw('SELECT CURRENT_USER() AS me')) as [{ me: string }[]];
      expect(who.json().rows[0][0]).not.toBe(rows[0]?.me);
      const superRole = await superAdminRoleId(app);
      // Without a comment to hide them, the same statements reach the database, which refuses them.
      for (const client of [operator, admin]) {
        for (const { sql, readOnly } of [
          { sql: `SELECT code FROM ${SYSTEM.role}`, readOnly: true },
          { sql: 'SELECT count(*) FROM cb_meta_table', readOnly: true },
          { sql: "EXECUTE IMMEDIATE concat('select password from cb_', 'user')", readOnly: false },
          {
            sql: `EXECUTE IMMEDIATE concat('update cb_', 'user_role set roleId = ${superRole} where userId = ${operatorId}')`,
            readOnly: false,
          },
          {
            sql: "EXECUTE IMMEDIATE concat('create view leak_sessions as select * from cb_', 'session')",
            readOnly: false,
          },
          {
            sql: "EXECUTE IMMEDIATE concat('create procedure leak() select * from cb_', 'session')",
            readOnly: false,
          },
        ]) {
          const response = await client.post(SQL, { sql, readOnly });
          expect([400, 403], `${sql}: ${response.body}`).toContain(response.statusCode);
        }
      }
      // Without FILE, LOAD_FILE reads nothing (NULL), whoever asks.
      for (const client of [operator, admin]) {
        const file = await client.post(SQL, {
          sql: "EXECUTE IMMEDIATE concat('select load', '_file(''/etc/hostname'') is null as none')",
          readOnly: false,
        });
        expect(file.statusCode === 403 || file.json().rows?.[0]?.[0] === 1, file.body).toBe(true);
      }
      // The super admin's reach goes through the account too (not the scan, which lets them pass).
      const hashes = await admin.post(SQL, { sql: `SELECT password FROM ${SYSTEM.user}` });
      expect(hashes.statusCode, hashes.body).toBe(400);
      expect(hashes.json().message).toMatch(/denied/);
      await expectUnchanged(app, operator, operatorId);
      // Business tables work in both modes.
      const read = await operator.post(SQL, { sql: 'SELECT name FROM acct_probe' });
      expect(read.json().rows, read.body).toEqual([['alpha']]);
      const wrote = await operator.post(SQL, {
        sql: "INSERT INTO acct_probe (name) VALUES ('beta')",
        readOnly: false,
      });
      expect(wrote.statusCode, wrote.body).toBe(200);
    });

    it('lets the super admin run as the connecting account when so configured', async () => {
      const { admin, operator } = await setup(consoleConfig({ superAdminUnrestricted: true }));
      const hashes = await admin.post(SQL, { sql: `SELECT password FROM ${SYSTEM.user}` });
      expect(hashes.statusCode, hashes.body).toBe(200);
      const refused = await operator.post(SQL, { sql: `SELECT code FROM ${SYSTEM.role}` });
      expect(refused.statusCode, refused.body).toBe(400);
    });

    it('keeps the account in step with the tables the designer and the console create, rename and drop', async () => {
      const { app, operator, admin } = await setup();
      const made = await createTableViaApi(admin, {
        name: 'acct_made',
        caption: 'made',
        columns: [...SYSTEM_COLUMNS, { name: 'label', dataType: 'VARCHAR', length: 20 }],
      });
      const insert = await admin.post('/api/business/acct_made', { name: 'a', label: 'a' });
      expect(insert.statusCode, insert.body).toBe(201);
      expect((await operator.post(SQL, { sql: 'SELECT label FROM acct_made' })).json().rows).toEqual([['a']]);
      const renamed = await admin.patch(`/api/metadata/tables/${made.id}`, {
        name: 'acct_named',
        tableName: 'acct_named',
        pluralName: 'acctNamedList',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await operator.post(SQL, { sql: 'SELECT label FROM acct_named' })).json().rows).toEqual([
        ['a'],
      ]);
      expect((await operator.post(SQL, { sql: 'SELECT label FROM acct_made' })).statusCode).toBe(400);
      // Tables the console creates are the console's to use; crudboard's names stay out of reach.
      for (const sql of [
        'CREATE TABLE acct_console (id INT PRIMARY KEY, v VARCHAR(10))',
        "INSERT INTO acct_console VALUES (1, 'x')",
        'ALTER TABLE acct_console ADD COLUMN w INT',
        'CREATE INDEX acct_console_v ON acct_console (v)',
      ]) {
        const response = await operator.post(SQL, { sql, readOnly: false });
        expect(response.statusCode, `${sql}: ${response.body}`).toBe(200);
      }
      expect((await operator.post(SQL, { sql: 'SELECT v FROM acct_console' })).json().rows).toEqual([['x']]);
      // A view the console makes reads with its rights and is its to read; one made by crudboard's
      // account (which would read with that account's rights) is not granted.
      const view = await operator.post(SQL, {
        sql: 'CREATE VIEW acct_console_v AS SELECT v FROM acct_console',
        readOnly: false,
      });
      expect(view.statusCode, view.body).toBe(200);
      expect((await operator.post(SQL, { sql: 'SELECT v FROM acct_console_v' })).json().rows).toEqual([
        ['x'],
      ]);
      await app.dataSources.primary.knex.raw(
        'CREATE OR REPLACE VIEW acct_sessions AS SELECT * FROM cb_session',
      );
      await admin.post(SQL, { sql: 'ALTER TABLE acct_console ADD COLUMN z INT', readOnly: false });
      const sessions = await operator.post(SQL, { sql: 'SELECT count(*) FROM acct_sessions' });
      expect(sessions.statusCode, sessions.body).toBe(400);
      expect(sessions.json().message).toMatch(/denied/);
      await app.dataSources.primary.knex.raw('DROP VIEW acct_sessions, acct_console_v');
      const drop = await operator.post(SQL, { sql: 'DROP TABLE acct_console', readOnly: false });
      expect(drop.statusCode, drop.body).toBe(200);
      const dropped = await admin.delete(`/api/metadata/tables/${made.id}?isDropPhysicalTable=true`);
      expect(dropped.statusCode, dropped.body).toBe(204);
    });

    it('reads at once a table another tool made while the server runs, and still no crudboard table', async () => {
      const { app, operator } = await setup();
      const knex = app.dataSources.primary.knex;
      // Made behind crudboard's back (a database client, another application's migration).
      await knex.raw('CREATE TABLE acct_elsewhere (id INT PRIMARY KEY, v VARCHAR(10))');
      await knex.raw("INSERT INTO acct_elsewhere VALUES (1, 'x')");
      const read = await operator.post(SQL, { sql: 'SELECT v FROM acct_elsewhere' });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().rows).toEqual([['x']]);
      const write = await operator.post(SQL, {
        sql: "UPDATE acct_elsewhere SET v = 'y' WHERE id = 1",
        readOnly: false,
      });
      expect(write.statusCode, write.body).toBe(200);
      expect((await knex('acct_elsewhere').first()).v).toBe('y');
      // The same path never opens crudboard's own tables, nor a view of them made by its account.
      await knex.raw('CREATE OR REPLACE VIEW acct_elsewhere_sessions AS SELECT * FROM cb_session');
      const refused = await operator.post(SQL, { sql: 'SELECT count(*) FROM acct_elsewhere_sessions' });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toMatch(/denied/);
      await knex.raw('DROP VIEW acct_elsewhere_sessions');
      await knex.raw('DROP TABLE acct_elsewhere');
    });

    it('two servers on one database share the account', async () => {
      const { a, b } = await buildTwoInstances(apps, { sqlTimeoutMs: 5000 });
      const first = await people(a);
      const second = await people(b);
      for (const client of [first.operator, second.operator]) {
        const me = await client.post(SQL, { sql: 'SELECT 1 AS one' });
        expect(me.statusCode, me.body).toBe(200);
        const refused = await client.post(SQL, { sql: `SELECT code FROM ${SYSTEM.role}` });
        expect(refused.statusCode, refused.body).toBe(400);
      }
    });

    it("refuses the console to all but the super admin when crudboard connects as the README's narrow account", async () => {
      // The database is migrated first by the administrator's account.
      const first = await apps.build({}, consoleConfig());
      await first.close();
      const env = apps.env().config();
      const primary = env.dataSources[0];
      if (!primary) throw new Error('no primary');
      const narrow = await makeAccount(process.env.MYSQL_URL ?? '', primary.database, README_NARROW);
      try {
        const logged = logLines();
        const config = consoleConfig();
        // Asked for InnoDB bigrams, an account without CREATE ROUTINE indexes new tables, and
        // leaves a table that already holds rows to the scan (no function to fill it).
        const { app, operator, operatorId, admin } = await setup(
          { ...config, dataSources: [{ ...primary, connection: narrow.url, searchIndex: 'innodb' }] },
          logged,
        );
        const superRole = await superAdminRoleId(app);
        for (const { sql, readOnly } of [
          ...attacks(operatorId, superRole),
          { sql: 'SELECT 1 AS one', readOnly: true },
        ]) {
          const response = await operator.post(SQL, { sql, readOnly });
          expect(response.statusCode, `${sql}: ${response.body}`).toBe(403);
          expect(response.json().message).toMatch(/console account/);
        }
        await expectUnchanged(app, operator, operatorId);
        expect((await admin.post(SQL, { sql: 'SELECT 1 AS one' })).statusCode).toBe(200);
        expect(logged.lines.some((line) => line.level === 50 && /SQL CONSOLE/.test(String(line.msg)))).toBe(
          true,
        );
        await createTableViaApi(admin, {
          name: 'acct_narrow',
          caption: 'narrow',
          columns: [...SYSTEM_COLUMNS, { name: 'label', dataType: 'VARCHAR', length: 20 }],
        });
        expect(
          (await admin.post('/api/business/acct_narrow', { name: '物流中心', label: 'x' })).statusCode,
        ).toBe(201);
        // A new table needs only the triggers, which the narrow account may make.
        const knex = app.dataSources.primary.knex;
        const grams = mariadbBigramNames('acct_narrow').table;
        expect(await knex.schema.hasTable(grams)).toBe(true);
        expect(Number(((await knex(grams).count({ n: '*' }).first()) as { n: unknown }).n)).toBe(1);
        const expectFound = async () => {
          const found = await admin.get(`/api/business/acct_narrow?search=${encodeURIComponent('物流')}`);
          expect(found.statusCode, found.body).toBe(200);
          expect((found.json() as { name: string }[]).map((row) => row.name)).toEqual(['物流中心']);
        };
        await expectFound();
        // Indexing a table that holds rows needs a function to fill it: without one, no index.
        const target = keyedFullTextTable('acct_narrow');
        await mariadbBigramFullText.dropIndex(knex, target);
        await mariadbBigramFullText.createIndex(knex, target);
        expect(await knex.schema.hasTable(grams)).toBe(false);
        await expectFound();
      } finally {
        await narrow.drop();
      }
    });

    it("manages the console account when crudboard's own is granted as the README recommends", async () => {
      const first = await apps.build({}, consoleConfig());
      await first.close();
      const primary = apps.env().config().dataSources[0];
      if (!primary) throw new Error('no primary');
      const recommended = await makeAccount(
        process.env.MYSQL_URL ?? '',
        primary.database,
        README_RECOMMENDED,
      );
      try {
        // Search kept in InnoDB bigrams: the console's writes run the index's triggers with
        // crudboard's rights.
        const { app, operator, operatorId, admin } = await setup({
          ...consoleConfig(),
          dataSources: [{ ...primary, connection: recommended.url, searchIndex: 'innodb' }],
        });
        const superRole = await superAdminRoleId(app);
        for (const client of [operator, admin]) {
          for (const { sql, readOnly } of [
            { sql: `SELECT password FROM ${SYSTEM.user}`, readOnly: true },
            {
              sql: `EXECUTE IMMEDIATE concat('update cb_', 'user_role set roleId = ${superRole} where userId = ${operatorId}')`,
              readOnly: false,
            },
          ]) {
            const response = await client.post(SQL, { sql, readOnly });
            expect([400, 403], `${sql}: ${response.body}`).toContain(response.statusCode);
          }
        }
        await expectUnchanged(app, operator, operatorId);
        await createTableViaApi(admin, {
          name: 'acct_recommended',
          caption: 'recommended',
          columns: [...SYSTEM_COLUMNS, { name: 'label', dataType: 'VARCHAR', length: 20 }],
        });
        const made = await operator.post(SQL, {
          sql: "INSERT INTO acct_recommended (name, label, createdDate, isDeleted) VALUES ('a', 'a', '2024-01-01 00:00:00', 0)",
          readOnly: false,
        });
        expect(made.statusCode, made.body).toBe(200);
        expect((await operator.post(SQL, { sql: 'SELECT label FROM acct_recommended' })).json().rows).toEqual(
          [['a']],
        );
        const knex = app.dataSources.primary.knex;
        const grams = mariadbBigramNames('acct_recommended').table;
        expect(
          Number(((await knex(grams).count({ n: '*' }).first()) as { n: unknown }).n),
          'the console insert went through the bigram trigger',
        ).toBe(1);
        // Nothing but the table's triggers keeps the index: no routine is left behind.
        const [routines] = (await knex.raw(
          "SELECT ROUTINE_NAME AS name FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME LIKE 'cb\\_%'",
        )) as unknown as [{ name: string }[]];
        expect(routines).toEqual([]);
      } finally {
        await recommended.drop();
      }
    });

    it('runs on an account the operator names (SQL_CONSOLE_URL) and refuses one that reaches too far', async () => {
      const env = apps.env().config();
      const primary = env.dataSources[0];
      if (!primary) throw new Error('no primary');
      const app0 = await apps.build({}, consoleConfig());
      await app0.dataSources.primary.knex.schema.dropTableIfExists('acct_named_probe');
      await app0.dataSources.primary.knex.schema.createTable('acct_named_probe', (t) => {
        t.increments('id');
      });
      await app0.close();
      const good = await makeAccount(process.env.MYSQL_URL ?? '', primary.database, (account, database) => [
        `GRANT SELECT, INSERT, UPDATE, DELETE ON \`${database}\`.\`acct_named_probe\` TO ${account}`,
      ]);
      const wide = await makeAccount(process.env.MYSQL_URL ?? '', primary.database, (account, database) => [
        `GRANT SELECT, INSERT, UPDATE, DELETE ON \`${database}\`.* TO ${account}`,
        `GRANT FILE ON *.* TO ${account}`,
      ]);
      try {
        const named = await setup(consoleConfig({ url: good.url }));
        const [goodUser] = new URL(good.url).username.split(':');
        const me = await named.operator.post(SQL, { sql: 'SELECT CURRENT_USER() AS me' });
        expect(me.json().rows[0][0], me.body).toMatch(new RegExp(`^${goodUser}@`));
        expect(
          (await named.operator.post(SQL, { sql: 'SELECT count(*) FROM acct_named_probe' })).statusCode,
        ).toBe(200);
        await named.app.close();
        const logged = logLines();
        const refused = await setup(consoleConfig({ url: wide.url }), logged);
        const response = await refused.operator.post(SQL, { sql: 'SELECT 1 AS one' });
        expect(response.statusCode, response.body).toBe(403);
        expect(
          logged.lines.some((line) => line.level === 50 && /SQL_CONSOLE_URL/.test(String(line.msg))),
          JSON.stringify(logged.lines.filter((line) => Number(line.level) >= 40)),
        ).toBe(true);
      } finally {
        await good.drop();
        await wide.drop();
      }
    });
  },
  (db) => db.name === 'mysql',
);
