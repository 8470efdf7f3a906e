import { Writable } from 'node:stream';
import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import type { Client } from '../../../src/config';
import { apiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';

const EXECUTE = '/api/metadata/sqls/execute';
const TIMEOUT_MS = 800;

/** A statement that runs for seconds on each database. */
const LONG_SELECT: Record<Client, string> = {
  pg: 'SELECT pg_sleep(5)',
  mysql: 'SELECT SLEEP(5)',
  sqlite:
    'WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000000000) SELECT count(*) FROM c',
};
const LONG_UPDATE: Record<Client, string> = {
  pg: "UPDATE sql_probe SET name = 'slow' WHERE pg_sleep(5) IS NOT NULL",
  mysql: "UPDATE sql_probe SET name = 'slow' WHERE SLEEP(5) = 0",
  sqlite:
    "UPDATE sql_probe SET name = 'slow' WHERE (WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000000000) SELECT count(*) FROM c) > 0",
};
const PARAM_SQL: Record<Client, string> = {
  pg: 'SELECT $1::int + 1 AS answer, $2::text AS word',
  mysql: 'SELECT ? + 1 AS answer, ? AS word',
  sqlite: 'SELECT ? + 1 AS answer, ? AS word',
};
const BYTES: Record<Client, string> = {
  pg: "SELECT '\\x0102ff'::bytea AS b",
  mysql: "SELECT X'0102ff' AS b",
  sqlite: "SELECT X'0102ff' AS b",
};
/** Column types the drivers report for sql_probe's id, name and amount. */
const PROBE_TYPES: Record<Client, (string | null)[]> = {
  pg: ['integer', 'character varying(50)', 'numeric(10,2)'],
  mysql: ['INT', 'VARCHAR', 'DECIMAL'],
  sqlite: ['INTEGER', 'varchar(50)', 'float'],
};

/** A query producing the numbers 1…count (count ≤ 10000), in order. */
const numbers = (count: number) =>
  `WITH d(n) AS (${[...Array(10).keys()].map((n) => `SELECT ${n}`).join(' UNION ALL ')}) ` +
  `SELECT a.n * 1000 + b.n * 100 + c.n * 10 + e.n + 1 AS n FROM d a, d b, d c, d e ` +
  `WHERE a.n * 1000 + b.n * 100 + c.n * 10 + e.n < ${count} ORDER BY 1`;

const DIGITS = `WITH d(n) AS (${[...Array(10).keys()].map((n) => `SELECT ${n}`).join(' UNION ALL ')}) `;
const TEN_MILLION_ROWS = `${DIGITS}SELECT a.n FROM d a, d b, d c, d e, d f, d g, d h`;

const resetProbe = async (knex: Knex) => {
  await knex.schema.dropTableIfExists('sql_probe');
  await knex.schema.dropTableIfExists('sql_made');
  await knex.schema.createTable('sql_probe', (table) => {
    table.integer('id').primary();
    table.string('name', 50);
    table.decimal('amount', 10, 2);
  });
  await knex('sql_probe').insert([
    { id: 1, name: 'alpha', amount: '1.50' },
    { id: 2, name: 'beta', amount: '20.00' },
  ]);
};

const probeRows = async (knex: Knex) =>
  (await knex('sql_probe').select('id', 'name').orderBy('id')).map((row) => [Number(row.id), row.name]);

describeEachDatabase('/api/metadata/sqls/execute ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async (sqlTimeoutMs = TIMEOUT_MS) => {
    const app = await apps.build({}, apps.config({ sqlTimeoutMs }));
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await resetProbe(knex);
    const api = apiClient(app, cookie);
    const run = (sql: string, readOnly?: boolean, params?: unknown[]) =>
      api.post(EXECUTE, {
        sql,
        ...(readOnly === undefined ? {} : { readOnly }),
        ...(params ? { params } : {}),
      });
    return { app, api, cookie, knex, run };
  };

  it('runs a query and returns columns with their types, rows as arrays and counts', async () => {
    const { run } = await setup();
    const response = await run('SELECT id, name, amount FROM sql_probe ORDER BY id');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.columns).toEqual(
      ['id', 'name', 'amount'].map((name, i) => ({ name, type: PROBE_TYPES[db.name][i] })),
    );
    const amounts = db.name === 'sqlite' ? [1.5, 20] : ['1.50', '20.00'];
    expect(body.rows).toEqual([
      [1, 'alpha', amounts[0]],
      [2, 'beta', amounts[1]],
    ]);
    expect(body).toMatchObject({ rowCount: 2, truncated: false });
    expect(body.elapsedMs).toEqual(expect.any(Number));

    const duplicates = (await run('SELECT 1 AS a, 2 AS a')).json();
    expect(duplicates.columns.map((c: { name: string }) => c.name)).toEqual(['a', 'a']);
    expect(duplicates.rows).toEqual([[1, 2]]);

    const big = (await run('SELECT 9007199254740993 AS big, 42 AS small')).json();
    expect(big.rows).toEqual([['9007199254740993', 42]]);
    expect((await run(BYTES[db.name])).json().rows).toEqual([[{ $binary: 'AQL/' }]]);
    expect((await run('SELECT NULL AS empty_value')).json().rows).toEqual([[null]]);

    // Bind values keep their JSON type: '007' stays text.
    const bound = await run(PARAM_SQL[db.name], true, [41, '007']);
    expect(bound.statusCode).toBe(200);
    expect(bound.json().rows).toEqual([[42, '007']]);
  });

  it('returns at most 1000 rows and says when there were more', async () => {
    const { run } = await setup();
    // Read-only mode stops reading past the cap: rowCount is then the rows returned.
    const response = await run(numbers(1500));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.rows).toHaveLength(1000);
    expect(body.rows[0]).toEqual([1]);
    expect(body.rows[999]).toEqual([1000]);
    expect(body).toMatchObject({ rowCount: 1000, truncated: true });
    expect((await run(numbers(1000))).json()).toMatchObject({ rowCount: 1000, truncated: false });
    // Write mode runs the statement to its end and counts every row.
    const counted = (await run(numbers(1500), false)).json();
    expect(counted).toMatchObject({ rowCount: 1500, truncated: true });
    expect(counted.rows).toHaveLength(1000);
    // Ten million rows: read-only mode stops at the cap instead of reading them all (a count of
    // 1000, where write mode counts every row). Under a timeout that does not depend on the
    // machine's load: the 0.8 s above is a timeout a loaded machine can reach before any row.
    const { run: patient } = await setup(60_000);
    const huge = await patient(TEN_MILLION_ROWS);
    expect(huge.statusCode, huge.body).toBe(200);
    expect(huge.json()).toMatchObject({ rowCount: 1000, truncated: true });
    expect((await patient('SELECT 1 AS one')).json().rows).toEqual([[1]]);
  });

  it('changes nothing in read-only mode, the default', async () => {
    const { knex, run } = await setup();
    const before = await probeRows(knex);
    const writes = [
      "INSERT INTO sql_probe (id, name) VALUES (3, 'gamma')",
      "UPDATE sql_probe SET name = 'changed'",
      'DELETE FROM sql_probe',
      'DROP TABLE sql_probe',
      'CREATE TABLE sql_made (id int)',
      'ALTER TABLE sql_probe ADD COLUMN extra int',
    ];
    for (const sql of writes) {
      for (const readOnly of [undefined, true]) {
        const response = await run(sql, readOnly);
        expect(response.statusCode, sql).toBe(400);
        const ddl = /^(DROP|CREATE|ALTER)/.test(sql);
        // MySQL commits DDL implicitly: read-only mode refuses it before it reaches the server.
        expect(response.json().code, sql).toBe(
          db.name === 'mysql' && ddl ? 'VALIDATION_ERROR' : 'SQL_READ_ONLY',
        );
        expect(response.json().message).toMatch(/只读模式/);
      }
    }
    expect(await probeRows(knex)).toEqual(before);
    expect(await knex.schema.hasTable('sql_made')).toBe(false);
    expect(await knex.schema.hasColumn('sql_probe', 'extra')).toBe(false);
  });

  it('runs writes for real in write mode and reports the rows changed', async () => {
    const { knex, run } = await setup();
    const inserted = await run("INSERT INTO sql_probe (id, name) VALUES (3, 'gamma')", false);
    expect(inserted.statusCode).toBe(200);
    expect(inserted.json()).toMatchObject({ columns: [], rows: [], rowCount: 1, truncated: false });
    expect((await run("UPDATE sql_probe SET name = 'x' WHERE id >= 2", false)).json().rowCount).toBe(2);
    expect(await probeRows(knex)).toEqual([
      [1, 'alpha'],
      [2, 'x'],
      [3, 'x'],
    ]);
    const made = await run('CREATE TABLE sql_made (id int)', false);
    if (db.name === 'pg') {
      // The console role creates nothing where the server's own statements look (README, Security).
      expect(made.statusCode).toBe(400);
      expect(made.json().message).toMatch(/permission denied for schema/);
      expect(await knex.schema.hasTable('sql_made')).toBe(false);
    } else {
      expect(made.statusCode).toBe(200);
      expect(await knex.schema.hasTable('sql_made')).toBe(true);
      expect((await run('DROP TABLE sql_made', false)).statusCode).toBe(200);
      expect(await knex.schema.hasTable('sql_made')).toBe(false);
    }
    // A failing write leaves nothing behind.
    const duplicate = await run("INSERT INTO sql_probe (id, name) VALUES (1, 'again')", false);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().code).toBe('SQL_ERROR');
    expect(await knex('sql_probe').count({ n: '*' }).first()).toEqual({ n: expect.anything() });
    expect((await probeRows(knex)).length).toBe(3);
  });

  it('stops a statement at the timeout, changes nothing and keeps working', async () => {
    const { knex, run } = await setup();
    const started = Date.now();
    const response = await run(LONG_SELECT[db.name]);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('SQL_TIMEOUT');
    expect(response.json().message).toContain('0.8');
    expect((await run('SELECT 1 AS one')).json().rows).toEqual([[1]]);

    const write = await run(LONG_UPDATE[db.name], false);
    expect(write.statusCode).toBe(400);
    expect(write.json().code).toBe('SQL_TIMEOUT');
    expect(await probeRows(knex)).toEqual([
      [1, 'alpha'],
      [2, 'beta'],
    ]);
    expect((await run("UPDATE sql_probe SET name = 'after' WHERE id = 1", false)).json().rowCount).toBe(1);
    expect((await probeRows(knex))[0]).toEqual([1, 'after']);
  });

  it('runs one statement per call and refuses transaction control', async () => {
    const { run } = await setup();
    const several = await run("SELECT 1; SELECT ';'; -- trailing\nSELECT 3");
    expect(several.statusCode).toBe(400);
    expect(several.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('3 条'),
    });
    expect((await run("SELECT 'a;b' AS v; -- one statement\n")).json().rows).toEqual([['a;b']]);
    for (const sql of ['COMMIT', 'BEGIN', 'ROLLBACK']) {
      const response = await run(sql, false);
      expect(response.statusCode, sql).toBe(400);
      expect(response.json().message, sql).toContain(sql);
    }
    const blank = await run('  -- nothing\n;');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers database errors with 400 SQL_ERROR and the database message', async () => {
    const { app, cookie, run } = await setup();
    const syntax = await run('SELECT 1 FROM WHERE');
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().code).toBe('SQL_ERROR');
    expect(syntax.json().message).toMatch(/^执行失败：.*syntax/i);
    const missing = await run('SELECT * FROM no_such_table', false);
    expect(missing.json()).toMatchObject({
      code: 'SQL_ERROR',
      message: expect.stringContaining('no_such_table'),
    });
    const english = apiClient(app, cookie, { 'accept-language': 'en' });
    const failed = await english.post(EXECUTE, { sql: 'SELECT * FROM no_such_table' });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toMatch(/^The statement failed: .*no_such_table/);
    const unknownWord = await run('SELEC 1');
    expect(unknownWord.statusCode).toBe(400);
    // MySQL read-only mode lets only statements that cannot commit implicitly reach the server.
    expect(unknownWord.json().code).toBe(db.name === 'mysql' ? 'VALIDATION_ERROR' : 'SQL_ERROR');
  });

  it('needs sql:execute', async () => {
    const { app } = await setup();
    await createUser(app, {
      username: 'reader',
      password: 'Reader-pass-1',
      roles: { reader: 'metadata:read' },
    });
    await createUser(app, {
      username: 'analyst',
      password: 'Analyst-pass-1',
      roles: { analyst: 'sql:execute' },
    });
    const reader = apiClient(app, (await login(app, 'reader', 'Reader-pass-1')).cookie);
    const refused = await reader.post(EXECUTE, { sql: 'SELECT 1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const analyst = apiClient(app, (await login(app, 'analyst', 'Analyst-pass-1')).cookie);
    expect((await analyst.post(EXECUTE, { sql: 'SELECT 1 AS one' })).json().rows).toEqual([[1]]);
    const anonymous = await app.inject({ method: 'POST', url: EXECUTE, payload: { sql: 'SELECT 1' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('logs every call with the user, data source, mode, time and the start of the text', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await apps.build(
      { logger: { level: 'info', stream } },
      apps.config({ sqlTimeoutMs: TIMEOUT_MS }),
    );
    const api = apiClient(app, (await login(app)).cookie);
    const long = `SELECT 1 AS x -- ${'y'.repeat(300)}`;
    expect((await api.post(EXECUTE, { sql: long })).statusCode).toBe(200);
    expect(
      (await api.post(EXECUTE, { sql: 'SELECT * FROM no_such_table', readOnly: false })).statusCode,
    ).toBe(400);
    const entries = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'sql console statement');
    expect(entries).toEqual([
      expect.objectContaining({
        level: 30,
        user: 'superadmin',
        dataSource: 'primary',
        readOnly: true,
        elapsedMs: expect.any(Number),
        outcome: 'ok',
        sql: long.slice(0, 200),
      }),
      expect.objectContaining({ readOnly: false, outcome: 'SQL_ERROR', sql: 'SELECT * FROM no_such_table' }),
    ]);
  });

  it('refuses bad bodies with 400', async () => {
    const { app, api } = await setup();
    const bodies: unknown[] = [
      {},
      { sql: '' },
      { sql: 'SELECT 1', readOnly: 'maybe' },
      { sql: 'SELECT 1', params: { a: 1 } },
      { sql: 'SELECT 1', params: [{ nested: true }] },
      { sql: { text: 'SELECT 1' } },
      ['SELECT 1'],
    ];
    for (const body of bodies) {
      const response = await api.post(EXECUTE, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    const nested = await api.post(EXECUTE, { sql: 'SELECT 1', params: [1, [2]] });
    expect(nested.json().errors).toEqual({ params: '参数只能是字符串、数字、布尔值或 null' });
    const broken = await app.inject({
      method: 'POST',
      url: EXECUTE,
      headers: { cookie: (await login(app)).cookie, 'content-type': 'application/json' },
      payload: '{"sql": ',
    });
    expect(broken.statusCode).toBe(400);
  });
});
