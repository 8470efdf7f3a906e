import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../../src/app';
import type { DataSourceConfig } from '../../../src/config';
import { SHARED_STATE } from '../../../src/db/table-names';
import { toNumber } from '../../../src/db/values';
import { idempotencyKeyHash } from '../../../src/services/idempotency/idempotency-key-hash';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  keepAnswer,
  removeExpiredAnswers,
} from '../../../src/services/idempotency/idempotency-store';
import { createTable } from '../../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { clearTables } from '../../helpers/physical-schema';
import { ADMIN_PASSWORD, login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase, type TestEnvironment } from '../../helpers/test-databases';
import { USER_PASSWORD } from '../../helpers/user-api';
import { createUser, removeUsersAndRoles } from '../../helpers/users';

const KEYS = SHARED_STATE.idempotencyKey;

const count = async (knex: Knex, table: string): Promise<number> =>
  toNumber(((await knex(table).count({ n: '*' })) as { n: unknown }[])[0]?.n);

describeEachDatabase('/api/business/{table} creates with an Idempotency-Key ($name)', (db) => {
  const apps = useTestApps(db);
  // Another data source: a SQLite file next to a SQLite primary, else a second database of the
  // same server.
  let secondDatabase: TestEnvironment | undefined;
  beforeAll(async () => {
    if (db.name !== 'sqlite') secondDatabase = await db.create();
  });
  afterAll(async () => {
    await secondDatabase?.drop();
  });

  const setup = async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    await removeUsersAndRoles(knex);
    await knex(KEYS).delete();
    await createTable(apiClient(app, cookie), { name: 'product', columns: SYSTEM_COLUMNS });
    return { app, cookie, knex };
  };

  /** POST /api/business/{table} as the session of `cookie`, with `headers` (the key...). */
  const create = (
    app: App,
    cookie: string,
    body: unknown,
    headers: Record<string, string | string[]> = {},
    table = 'product',
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: `/api/business/${table}`,
      headers: { cookie, ...headers },
      payload: body as object,
    });

  it('answers a retry with the first answer and its header, and writes the record once', async () => {
    const { app, cookie, knex } = await setup();
    const key = { 'idempotency-key': 'create-apple-1' };
    const first = await create(app, cookie, { name: 'apple', createById: 7 }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const id = first.json<number>();

    // the same request, its members in another order: the same answer, nothing written
    for (const body of [
      { name: 'apple', createById: 7 },
      { createById: 7, name: 'apple' },
    ]) {
      const again = await create(app, cookie, body, key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.body).toBe(first.body);
    }
    expect(await knex('product').select('id', 'name')).toEqual([{ id: expect.anything(), name: 'apple' }]);
    expect(toNumber((await knex('product').first('id')).id)).toBe(id);

    // one row, keyed by the key's hash: the key itself is not stored
    const rows = await knex(KEYS).select('*');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      keyHash: idempotencyKeyHash('create-apple-1'),
      dataSource: 'primary',
      tableName: 'product',
      body: String(id),
    });
    expect(toNumber(rows[0].status)).toBe(201);
    expect(toNumber(rows[0].userId)).toBe(1);
    expect(toNumber(rows[0].expiresAt) - toNumber(rows[0].createdAt)).toBe(IDEMPOTENCY_KEY_TTL_MS);
    expect(JSON.stringify(rows)).not.toContain('create-apple-1');

    // another key is another record
    const other = await create(app, cookie, { name: 'apple' }, { 'idempotency-key': 'create-apple-2' });
    expect(other.statusCode).toBe(201);
    expect(other.json()).not.toBe(id);
    expect(await count(knex, 'product')).toBe(2);
  });

  it('changes nothing without the header', async () => {
    const { app, cookie, knex } = await setup();
    for (const name of ['a', 'a']) {
      const created = await create(app, cookie, { name });
      expect(created.statusCode).toBe(201);
      expect(created.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await count(knex, 'product')).toBe(2);
    expect(await count(knex, KEYS)).toBe(0);
  });

  it('refuses the key for another request with 422 in the asker language, and writes nothing', async () => {
    const { app, cookie, knex } = await setup();
    const key = { 'idempotency-key': 'k-422' };
    const first = await create(app, cookie, { name: 'apple' }, key);
    expect(first.statusCode).toBe(201);

    const other = await create(app, cookie, { name: 'pear' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining('Idempotency-Key'),
    });
    expect(other.json().message).toMatch(/[\u4e00-\u9fff]/);
    const english = await create(app, cookie, { name: 'pear' }, { ...key, 'accept-language': 'en-US' });
    expect(english.statusCode).toBe(422);
    expect(english.json().message).toBe(
      'This Idempotency-Key was already used for another request (another path or body); nothing was written: use a new key for a new request',
    );
    expect(await knex('product').pluck('name')).toEqual(['apple']);
    expect(await count(knex, KEYS)).toBe(1);

    // the first request still gets its answer
    const again = await create(app, cookie, { name: 'apple' }, key);
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([
      201,
      first.body,
      'true',
    ]);
  });

  it('keeps no answer for a create that failed: the key is free for the corrected request', async () => {
    const { app, cookie, knex } = await setup();
    const key = { 'idempotency-key': 'k-fails-first' };
    const refused = await create(app, cookie, { name: null }, key);
    expect(refused.statusCode).toBe(400);
    expect(await count(knex, KEYS)).toBe(0);
    const created = await create(app, cookie, { name: 'fixed' }, key);
    expect(created.statusCode).toBe(201);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
    expect(await knex('product').pluck('name')).toEqual(['fixed']);
  });

  it('refuses an invalid key with 400 naming the header, and writes nothing', async () => {
    const { app, cookie, knex } = await setup();
    const cases: [string | string[], string][] = [
      ['', 'must not be empty: 1 to 255 printable ASCII characters'],
      ['k'.repeat(256), 'is too long (256 characters): at most 255 printable ASCII characters'],
      [
        'a\u0001b',
        'may hold printable ASCII characters only (space to ~), no control or non-ASCII characters',
      ],
      ['a\tb', 'may hold printable ASCII characters only (space to ~), no control or non-ASCII characters'],
      [['a', 'b'], 'may appear only once'],
    ];
    for (const [value, message] of cases) {
      const refused = await create(
        app,
        cookie,
        { name: 'x' },
        { 'idempotency-key': value, 'accept-language': 'en' },
      );
      expect(refused.statusCode, JSON.stringify(value)).toBe(400);
      expect(refused.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'The Idempotency-Key header is invalid; the request was not carried out',
        errors: { 'Idempotency-Key': message },
      });
    }
    const chinese = await create(app, cookie, { name: 'x' }, { 'idempotency-key': 'k'.repeat(256) });
    expect(chinese.json().errors['Idempotency-Key']).toBe('过长（256 个字符）：最多 255 个可打印 ASCII 字符');
    expect(await count(knex, 'product')).toBe(0);
    expect(await count(knex, KEYS)).toBe(0);

    // 255 characters is a key
    expect(
      (await create(app, cookie, { name: 'x' }, { 'idempotency-key': 'k'.repeat(255) })).statusCode,
    ).toBe(201);
  });

  it('creates one record of requests sent at once with the same key; the others get 409 or the answer, never 500', async () => {
    const { app, cookie, knex } = await setup();
    const key = { 'idempotency-key': 'k-at-once' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => create(app, cookie, { name: 'once' }, key)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 409),
      statuses.join(),
    ).toBe(true);
    const fresh = answers.filter(
      (answer) => answer.statusCode === 201 && answer.headers['idempotent-replayed'] === undefined,
    );
    expect(fresh).toHaveLength(1);
    for (const answer of answers) {
      if (answer.statusCode === 201) expect(answer.body).toBe(fresh[0]?.body);
      else {
        expect(answer.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
        expect(answer.headers['retry-after']).toBe('1');
      }
    }
    expect(await count(knex, 'product')).toBe(1);
    expect(await count(knex, KEYS)).toBe(1);

    // a retry after a 409 gets the answer
    const retry = await create(app, cookie, { name: 'once' }, key);
    expect([retry.statusCode, retry.body, retry.headers['idempotent-replayed']]).toEqual([
      201,
      fresh[0]?.body,
      'true',
    ]);

    // at once with other bodies: still one record, the others 409 or 422
    const mixed = await Promise.all(
      ['p', 'q', 'r', 's'].map((name) => create(app, cookie, { name }, { 'idempotency-key': 'k-mixed' })),
    );
    const codes = mixed.map((answer) => answer.statusCode).sort();
    expect(
      codes.filter((status) => status === 201),
      codes.join(),
    ).toHaveLength(1);
    expect(
      codes.every((status) => [201, 409, 422].includes(status)),
      codes.join(),
    ).toBe(true);
    expect(await count(knex, 'product')).toBe(2);
  });

  it('keeps one answer per key: a second insert of a taken key is refused, not an error, and the transaction goes on', async () => {
    const { knex } = await setup();
    const scope = {
      keyHash: idempotencyKeyHash('k-taken'),
      userId: 1,
      dataSource: 'primary',
      tableName: 'product',
    };
    const answer = { fingerprint: 'f'.repeat(64), status: 201, body: '1' };
    const now = Date.now();
    expect(await keepAnswer(knex, scope, answer, now)).toBe(true);
    await knex.transaction(async (trx) => {
      expect(await keepAnswer(trx, scope, { ...answer, body: '2' }, now)).toBe(false);
      // another user's, in the same transaction after the refusal
      expect(await keepAnswer(trx, { ...scope, userId: 2 }, answer, now)).toBe(true);
    });
    expect((await knex(KEYS).orderBy('userId').select('userId', 'body')).map((row) => row.body)).toEqual([
      '1',
      '1',
    ]);
  });

  it('keeps the keys of each user, table and data source apart', async () => {
    const { app, cookie, knex } = await setup();
    await createTable(apiClient(app, cookie), { name: 'fruit', columns: SYSTEM_COLUMNS });
    await createUser(app, {
      username: 'clerk',
      password: USER_PASSWORD,
      roles: { ROLE_CLERK: 'business:product:read,business:product:create' },
    });
    const clerk = (await login(app, 'clerk', USER_PASSWORD)).cookie;
    const key = { 'idempotency-key': 'shared-key' };

    const mine = await create(app, cookie, { name: 'a' }, key);
    // the same key with the same body, and with another: neither is a retry of the other user's
    const theirs = await create(app, clerk, { name: 'a' }, key);
    const theirOther = await create(app, clerk, { name: 'b' }, { 'idempotency-key': 'other-key' });
    expect([mine.statusCode, theirs.statusCode, theirOther.statusCode]).toEqual([201, 201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json()).not.toBe(mine.json());
    const minePear = await create(app, cookie, { name: 'pear' }, { 'idempotency-key': 'other-key' });
    expect(minePear.statusCode).toBe(201);
    expect(minePear.headers['idempotent-replayed']).toBeUndefined();

    // each gets their own answer back
    const mineAgain = await create(app, cookie, { name: 'a' }, key);
    const theirsAgain = await create(app, clerk, { name: 'a' }, key);
    expect([mineAgain.body, mineAgain.headers['idempotent-replayed']]).toEqual([mine.body, 'true']);
    expect([theirsAgain.body, theirsAgain.headers['idempotent-replayed']]).toEqual([theirs.body, 'true']);

    // the same key on another table is another key
    const fruit = await create(app, cookie, { name: 'a' }, key, 'fruit');
    expect(fruit.statusCode).toBe(201);
    expect(fruit.headers['idempotent-replayed']).toBeUndefined();

    expect(await count(knex, 'product')).toBe(4);
    expect(await count(knex, 'fruit')).toBe(1);
    expect(await count(knex, KEYS)).toBe(5);
  });

  it('keeps the answer of a create on another data source in primary, and replays it', async () => {
    const env = apps.env();
    const [other] = secondDatabase?.config().dataSources ?? [];
    const source: DataSourceConfig = other
      ? { ...other, name: 'second', caption: 'second' }
      : {
          name: 'second',
          caption: 'second',
          client: 'sqlite',
          connection: join(env.dataDir, 'second.sqlite'),
          database: 'second',
        };
    const app = await apps.build({}, env.config({ adminPassword: ADMIN_PASSWORD }, [source]));
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await knex(KEYS).delete();
    await createTable(apiClient(app, cookie, { dataSource: 'second' }), {
      name: 'remote',
      columns: SYSTEM_COLUMNS,
    });
    const secondKnex = app.dataSources.get('second')?.knex;
    if (!secondKnex) throw new Error('no second data source');
    const key = { 'idempotency-key': 'k-remote', dataSource: 'second' };

    const first = await create(app, cookie, { name: 'far' }, key, 'remote');
    expect(first.statusCode).toBe(201);
    const again = await create(app, cookie, { name: 'far' }, key, 'remote');
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([
      201,
      first.body,
      'true',
    ]);
    const reused = await create(app, cookie, { name: 'near' }, key, 'remote');
    expect(reused.statusCode).toBe(422);
    expect(await count(secondKnex, 'remote')).toBe(1);
    expect(await knex(KEYS).select('dataSource', 'tableName')).toEqual([
      { dataSource: 'second', tableName: 'remote' },
    ]);
    expect(await secondKnex.schema.hasTable(KEYS)).toBe(false);
  });

  it('forgets a key after 24 hours: the prune deletes it, and an expired one is not replayed before', async () => {
    const { app, cookie, knex } = await setup();
    const key = { 'idempotency-key': 'k-expiring' };
    const first = await create(app, cookie, { name: 'old' }, key);
    expect(first.statusCode).toBe(201);
    const live = await create(app, cookie, { name: 'live' }, { 'idempotency-key': 'k-live' });
    expect(live.statusCode).toBe(201);

    // not yet: nothing goes
    expect(await removeExpiredAnswers(knex, Date.now())).toBe(0);
    expect(await count(knex, KEYS)).toBe(2);

    // past its time but not pruned yet: the key is free again
    await knex(KEYS)
      .where('keyHash', idempotencyKeyHash('k-expiring'))
      .update({ expiresAt: Date.now() - 1 });
    const reused = await create(app, cookie, { name: 'new' }, key);
    expect(reused.statusCode).toBe(201);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    expect(reused.json()).not.toBe(first.json());
    expect(await count(knex, 'product')).toBe(3);

    // the prune deletes what is past its time at the moment given, and only that
    const [row] = await knex(KEYS).where('keyHash', idempotencyKeyHash('k-expiring')).select('expiresAt');
    expect(toNumber(row.expiresAt)).toBeGreaterThan(Date.now() + IDEMPOTENCY_KEY_TTL_MS - 60_000);
    const liveRow = await knex(KEYS).where('keyHash', idempotencyKeyHash('k-live')).first('expiresAt');
    expect(await removeExpiredAnswers(knex, toNumber(liveRow.expiresAt))).toBe(1);
    expect(await knex(KEYS).pluck('keyHash')).toEqual([idempotencyKeyHash('k-expiring')]);
    expect(await removeExpiredAnswers(knex, Date.now() + IDEMPOTENCY_KEY_TTL_MS + 60_000)).toBe(1);
    expect(await count(knex, KEYS)).toBe(0);

    // pruned: the same request makes a new record
    const after = await create(app, cookie, { name: 'new' }, key);
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(await count(knex, 'product')).toBe(4);
  });
});
