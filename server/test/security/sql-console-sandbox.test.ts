import { expect, it } from 'vitest';
import { DEFAULT_SQL_CONSOLE, type Client, type SqlConsoleConfig } from '../../src/config';
import { SYSTEM } from '../../src/db/table-names';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS, type ApiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase, itOn } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const SQL = '/api/metadata/sqls/execute';
/** What an ordinary console user holds: the console and nothing else. */
const CONSOLE_ONLY = 'sql:execute';
const ENGLISH = { 'accept-language': 'en' };

/** A statement that takes about a second on each database. */
const ONE_SECOND: Record<Client, string> = {
  pg: 'SELECT pg_sleep(1) AS slept',
  mysql: 'SELECT SLEEP(1) AS slept',
  sqlite:
    'WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 4000000) SELECT count(*) AS slept FROM c',
};
/** An expression whose value is a text of `n` characters (`x`, or `0` on SQLite). */
const LONG_TEXT: Record<Client, (n: number) => string> = {
  pg: (n) => `repeat('x', ${n})`,
  mysql: (n) => `REPEAT('x', ${n})`,
  sqlite: (n) => `substr(hex(zeroblob(${Math.ceil(n / 2)})), 1, ${n})`,
};
const hundredRows = `(SELECT 1 AS k ${[...Array(99).keys()].map((i) => `UNION ALL SELECT ${i + 2}`).join(' ')}) k`;

describeEachDatabase('the SQL console is a sandbox ($name)', { timeout: 60_000 }, (db) => {
  const apps = useTestApps(db);
  let n = 0;

  const setup = async (sqlConsole: Partial<SqlConsoleConfig> = {}, sqlTimeoutMs = 5000) => {
    const app = await apps.build(
      {},
      apps.config({ sqlTimeoutMs, sqlConsole: { ...DEFAULT_SQL_CONSOLE, ...sqlConsole } }),
    );
    const user = async (permissions = CONSOLE_ONLY): Promise<ApiClient> => {
      n += 1;
      await createUser(app, {
        username: `console${n}`,
        password: 'Console-pass-1',
        roles: { [`ROLE_CONSOLE${n}`]: permissions },
      });
      return apiClient(app, (await login(app, `console${n}`, 'Console-pass-1')).cookie, ENGLISH);
    };
    const admin = apiClient(app, (await login(app)).cookie, ENGLISH);
    const knex = app.dataSources.primary.knex;
    await knex.schema.dropTableIfExists('sandbox_probe');
    await knex.schema.createTable('sandbox_probe', (table) => {
      table.increments('id');
      table.string('name', 50);
    });
    await knex('sandbox_probe').insert([{ name: 'alpha' }, { name: 'beta' }]);
    return { app, knex, user, admin };
  };

  itOn(db, 'pg')(
    'runs no program, reads no server file and signals no session in read-only mode',
    async () => {
      const { knex, user } = await setup();
      const operator = await user();
      const marker = `/tmp/crudboard-console-${process.pid}-${Date.now()}`;
      const { rows } = (await knex.raw('SELECT pg_backend_pid() AS pid')) as { rows: { pid: number }[] };
      const pid = rows[0]?.pid;
      for (const sql of [
        `DO $$ BEGIN EXECUTE 'COPY (SELECT 1) TO PROGRAM ''id > ${marker}'''; END $$`,
        `SELECT pg_read_file('/etc/hostname')`,
        `SELECT pg_ls_dir('.')`,
        `SELECT pg_reload_conf()`,
        `SELECT pg_terminate_backend(${pid})`,
        `CHECKPOINT`,
        `SELECT lo_export(0, '${marker}')`,
        // Leaving the console role within the statement.
        `SELECT set_config('role', 'none', true), pg_read_file('/etc/hostname')`,
        `SELECT current_setting('is_superuser') FROM pg_settings WHERE name = 'role'`,
      ]) {
        for (const readOnly of [true, false]) {
          const response = await operator.post(SQL, { sql, readOnly });
          expect(response.statusCode, `${sql} (readOnly ${readOnly}): ${response.body}`).not.toBe(200);
        }
      }
      // Nothing happened: no file, the connection still alive.
      const file = (await knex.raw('SELECT pg_stat_file(?, true) AS f', [marker])) as {
        rows: { f: unknown }[];
      };
      expect(file.rows[0]?.f).toBeNull();
      expect((await knex.raw('SELECT pg_backend_pid() AS pid')).rows[0].pid).toBe(pid);
    },
  );

  itOn(db, 'pg')("runs statements under a NOLOGIN role without rights on crudboard's tables", async () => {
    const { knex, user, admin } = await setup();
    const operator = await user();
    const who = await operator.post(SQL, {
      sql: 'SELECT current_user AS me, session_user <> current_user AS switched',
    });
    expect(who.statusCode, who.body).toBe(200);
    const [me, switched] = who.json().rows[0];
    expect(switched).toBe(true);
    const { rows } = (await knex.raw(
      `SELECT rolsuper, rolcanlogin, rolcreaterole, rolbypassrls,
                (SELECT count(*)::int FROM pg_roles d WHERE d.rolname IN
                  ('pg_read_server_files','pg_write_server_files','pg_execute_server_program','pg_signal_backend')
                  AND pg_has_role(r.oid, d.oid, 'MEMBER')) AS dangerous
           FROM pg_roles r WHERE rolname = ?`,
      [me],
    )) as { rows: Record<string, unknown>[] };
    expect(rows[0]).toEqual({
      rolsuper: false,
      rolcanlogin: false,
      rolcreaterole: false,
      rolbypassrls: false,
      dangerous: 0,
    });
    // The database itself refuses crudboard's tables, to the super admin's statements too.
    for (const client of [operator, admin]) {
      for (const sql of [`SELECT code FROM ${SYSTEM.role}`, `SELECT count(*) FROM cb_meta_table`]) {
        const response = await client.post(SQL, { sql });
        expect(response.statusCode, `${sql}: ${response.body}`).toBe(400);
        expect(response.json().message).toMatch(/permission denied/);
      }
    }
    // Business tables, including one created after start-up, work in both modes.
    await knex.schema.createTable('sandbox_later', (table) => {
      table.increments('id');
      table.string('name', 50);
    });
    const inserted = await operator.post(SQL, {
      sql: "INSERT INTO sandbox_later (name) VALUES ('x')",
      readOnly: false,
    });
    expect(inserted.statusCode, inserted.body).toBe(200);
    const read = await operator.post(SQL, { sql: 'SELECT name FROM sandbox_probe ORDER BY id' });
    expect(read.json().rows).toEqual([['alpha'], ['beta']]);
    // Role changes inside a statement are refused before they run.
    for (const sql of ['RESET ROLE', 'SET ROLE NONE', 'SET SESSION AUTHORIZATION DEFAULT']) {
      const response = await admin.post(SQL, { sql, readOnly: false });
      expect(response.statusCode, `${sql}: ${response.body}`).toBe(400);
    }
  });

  it('writes to tables made through the API (whose row-count triggers write crudboard tables)', async () => {
    const { admin, user } = await setup();
    const operator = await user('sql:execute,metadata:*');
    await createTableViaApi(admin, {
      name: 'sandbox_made',
      caption: 'made',
      columns: [...SYSTEM_COLUMNS, { name: 'label', dataType: 'VARCHAR', length: 20 }],
    });
    for (const name of ['a', 'b']) {
      const made = await admin.post('/api/business/sandbox_made', { name, label: name });
      expect(made.statusCode, made.body).toBe(201);
    }
    const q = (name: string) => (db.name === 'mysql' ? `\`${name}\`` : `"${name}"`);
    const stamps = `${q('createdDate')}, ${q('lastModifiedDate')}`;
    for (const sql of [
      `INSERT INTO sandbox_made (name, label, ${stamps}) SELECT 'c', 'c', ${stamps} FROM sandbox_made WHERE label = 'b'`,
      "DELETE FROM sandbox_made WHERE label = 'a'",
    ]) {
      const response = await operator.post(SQL, { sql, readOnly: false });
      expect(response.statusCode, `${sql}: ${response.body}`).toBe(200);
    }
    const count = await admin.get('/api/business/sandbox_made/count');
    expect(count.body).toBe('2');
    if (db.name === 'pg') {
      const delta = await operator.post(SQL, { sql: 'SELECT count(*) FROM cb_row_delta' });
      expect(delta.statusCode, delta.body).toBe(400);
    }
  });

  itOn(db, 'pg')(
    'refuses the console on a superuser connection with no usable console role, unless allowed',
    async () => {
      const refused = await setup({ role: 'no_such_console_role' });
      const response = await refused.admin.post(SQL, { sql: 'SELECT 1 AS one' });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toMatch(/superuser/);
      await refused.app.close();
      const allowed = await setup({ role: 'no_such_console_role', allowSuperuser: true });
      expect((await allowed.admin.post(SQL, { sql: 'SELECT 1 AS one' })).statusCode).toBe(200);
    },
  );

  it('refuses DO and CALL in read-only mode', async () => {
    const { user } = await setup();
    const operator = await user();
    const statements =
      db.name === 'pg'
        ? ['DO $$ BEGIN PERFORM 1; END $$', 'CALL some_procedure()']
        : db.name === 'mysql'
          ? ['DO SLEEP(0)', 'CALL some_procedure()']
          : ['CALL some_procedure()'];
    for (const sql of statements) {
      const response = await operator.post(SQL, { sql });
      expect(response.statusCode, `${sql}: ${response.body}`).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  itOn(
    db,
    'sqlite',
    'mysql',
  )('refuses server files and extensions in both modes', async () => {
    const { user } = await setup();
    const operator = await user();
    const statements =
      db.name === 'mysql'
        ? [
            "SELECT name FROM sandbox_probe INTO OUTFILE '/tmp/crudboard-console-out'",
            "SELECT name INTO DUMPFILE '/tmp/crudboard-console-dump' FROM sandbox_probe LIMIT 1",
            "SELECT LOAD_FILE('/etc/hostname') AS f",
            "LOAD DATA INFILE '/etc/hostname' INTO TABLE sandbox_probe",
            "LOAD DATA LOCAL INFILE '/etc/hostname' INTO TABLE sandbox_probe",
          ]
        : [
            "ATTACH DATABASE '/tmp/crudboard-console-attached.sqlite' AS other",
            "SELECT load_extension('/tmp/nothing')",
            "VACUUM INTO '/tmp/crudboard-console-copy.sqlite'",
          ];
    for (const sql of statements) {
      for (const readOnly of [true, false]) {
        const response = await operator.post(SQL, { sql, readOnly });
        expect(response.statusCode, `${sql} (readOnly ${readOnly}): ${response.body}`).toBe(400);
        expect(response.json().message).toMatch(/files on the database server|extensions/);
      }
    }
  });

  it('cuts long values and stops at the byte ceiling, and says so', async () => {
    const { user } = await setup({ maxCellBytes: 1000, maxResultBytes: 20_000 });
    const operator = await user();
    const long = await operator.post(SQL, { sql: `SELECT ${LONG_TEXT[db.name](3_000_000)} AS t` });
    expect(long.statusCode, long.body.slice(0, 300)).toBe(200);
    expect(long.body.length).toBeLessThan(2000);
    const cut = long.json();
    expect(cut.rows[0][0]).toBe((db.name === 'sqlite' ? '0' : 'x').repeat(1000));
    expect(cut).toMatchObject({ truncated: true, truncation: ['cells'] });
    // 100 rows of 500 characters: about 50 kB, over the 20 kB ceiling.
    const many = await operator.post(SQL, {
      sql: `SELECT k, ${LONG_TEXT[db.name](500)} AS t FROM ${hundredRows}`,
    });
    expect(many.statusCode, many.body.slice(0, 300)).toBe(200);
    const body = many.json();
    expect(many.body.length).toBeLessThan(21_000);
    expect(body.rows.length).toBeGreaterThan(10);
    expect(body.rows.length).toBeLessThan(100);
    expect(body).toMatchObject({ truncated: true, truncation: ['bytes'] });
    const small = (await operator.post(SQL, { sql: 'SELECT name FROM sandbox_probe ORDER BY id' })).json();
    expect(small).toMatchObject({ truncated: false, truncation: [] });
  });

  it('stops a statement one of whose rows is too large to hold, and changes nothing', async () => {
    const { knex, user } = await setup({ maxCellBytes: 1000 });
    const operator = await user();
    const huge = LONG_TEXT[db.name](40_000_000);
    const select = await operator.post(SQL, { sql: `SELECT ${huge} AS t` });
    if (db.name === 'sqlite') {
      // SQLite runs statements in a separate process, which cuts the value before sending it.
      expect(select.statusCode, select.body.slice(0, 300)).toBe(200);
      expect(select.json()).toMatchObject({ truncation: ['cells'] });
      return;
    }
    if (db.name === 'mysql') {
      // MySQL/MariaDB answer NULL past max_allowed_packet (16 MB by default), or the row is stopped.
      expect([200, 400]).toContain(select.statusCode);
      expect(select.body.length).toBeLessThan(5000);
      return;
    }
    expect(select.statusCode, select.body.slice(0, 300)).toBe(400);
    expect(select.json().message).toMatch(/larger than 16 MB/);
    // In write mode too, and the write is rolled back.
    const update = await operator.post(SQL, {
      sql: `UPDATE sandbox_probe SET name = 'changed' RETURNING ${huge} AS t`,
      readOnly: false,
    });
    expect(update.statusCode, update.body.slice(0, 300)).toBe(400);
    expect(update.json().message).toMatch(/nothing was changed/);
    expect((await knex('sandbox_probe').orderBy('id')).map((row) => row.name)).toEqual(['alpha', 'beta']);
    // The console keeps working.
    expect((await operator.post(SQL, { sql: 'SELECT 1 AS one' })).json().rows).toEqual([[1]]);
  });

  it('limits console calls in flight per user and in all (429)', async () => {
    // The statements must still run when the later calls arrive, not time out: on SQLite the
    // "second" is counting work, which a loaded machine stretches well past the usual 5 s limit.
    const { user } = await setup({ maxPerUser: 1, maxInFlight: 3, poolSize: 2 }, 30_000);
    const first = await user();
    const second = await user();
    const third = await user();
    const fourth = await user();
    const sql = ONE_SECOND[db.name];
    const own = await Promise.all([first.post(SQL, { sql }), first.post(SQL, { sql })]);
    expect(own.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    const busy = own.find((r) => r.statusCode === 429);
    expect(busy?.json().message).toMatch(/already have 1 statement/);
    const all = await Promise.all([first, second, third, fourth].map((client) => client.post(SQL, { sql })));
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429]);
    expect(all.find((r) => r.statusCode === 429)?.json().message).toMatch(/console is busy/);
  });

  itOn(db, 'pg')('opens at most the console pool size of connections', async () => {
    const { knex, user } = await setup({ poolSize: 2, maxPerUser: 1, maxInFlight: 20 });
    const clients: ApiClient[] = [];
    for (let i = 0; i < 6; i += 1) clients.push(await user());
    const tag = `console_pool_${Date.now()}`;
    const running = Promise.all(
      clients.map((client) => client.post(SQL, { sql: `SELECT pg_sleep(1) AS ${tag}` })),
    );
    let most = 0;
    const until = Date.now() + 2500;
    while (Date.now() < until) {
      const { rows } = (await knex.raw(
        'SELECT count(*)::int AS c FROM pg_stat_activity WHERE datname = current_database() AND query LIKE ? AND pid <> pg_backend_pid()',
        [`%AS ${tag}%`],
      )) as { rows: { c: number }[] };
      most = Math.max(most, rows[0]?.c ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const responses = await running;
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });
});
