import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mariadbInstalled,
  mariadbSkipNote,
  startMariadbReplica,
  type MariadbReplicaPair,
} from '../../../test-support/mariadb-replica';
import { SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { freePort, signIn, startServerProcess, type ServerProcess } from '../helpers/server-process';

const PASSWORD = 'Replica-admin-Pass-1';
/**
 * The replica applies every transaction this many seconds after the primary committed it
 * (`MASTER_DELAY`, counted from the event's whole-second timestamp: 2 to 3 s after the commit).
 */
const DELAY_SECONDS = 3;
const APPLY_DELAY_MS = DELAY_SECONDS * 1000;

interface Answer {
  status: number;
  body: unknown;
}

const caller =
  (url: string, cookie: string) =>
  async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, origin: url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed };
  };

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const names = (answer: Answer): string[] => (answer.body as { name: string }[]).map((row) => row.name);

describe.skipIf(!mariadbInstalled)(`MariaDB read replica${mariadbSkipNote}`, () => {
  let pair: MariadbReplicaPair;
  let server: ServerProcess;
  let dataDir: string;
  let admin: ReturnType<typeof caller>;
  let reader: ReturnType<typeof caller>;

  beforeAll(async () => {
    pair = await startMariadbReplica({ delaySeconds: DELAY_SECONDS });
    dataDir = mkdtempSync(join(tmpdir(), 'crudboard-mariadb-replicas-'));
    server = await startServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      REPLICA_MAX_LAG_MS: '20000',
      DATA_SOURCES: JSON.stringify([
        { name: 'primary', client: 'mysql', connection: pair.primary.url(), replicas: [pair.replica.url()] },
      ]),
    });
    admin = caller(server.url, await signIn(server.url, PASSWORD));
    const table = await admin('POST', '/api/metadata/tables', {
      name: 'memo',
      caption: 'memo',
      columns: [...SYSTEM_COLUMNS],
    });
    expect(table.status, JSON.stringify(table.body)).toBe(201);
    const role = await admin('POST', '/api/business/role', {
      name: 'memo reader',
      code: 'ROLE_MEMO_READER',
      permissions: 'business:memo:read',
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const user = await admin('POST', '/api/business/user', {
      username: 'memoreader',
      password: 'Memo-reader-1',
      enabled: true,
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    expect(
      (await admin('POST', '/api/business/userRole', { userId: user.body, roleId: role.body })).status,
    ).toBe(201);
    reader = caller(server.url, await signIn(server.url, 'Memo-reader-1', 'memoreader'));
    // The replica replays the new table before anyone lists it there.
    for (const deadline = Date.now() + 20_000; ;) {
      if ((await reader('GET', '/api/business/memo')).status === 200) break;
      if (Date.now() > deadline) throw new Error('the reader never listed memo');
      await sleep(200);
    }
    // Until the replica has replayed the new table, everybody's reads go to the primary.
    await sleep(APPLY_DELAY_MS + 1000);
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await pair?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads its own writes from the primary at once; another user reads the lagging replica', async () => {
    const created = await admin('POST', '/api/business/memo', { name: 'first' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The writer sees the write at once, in the list and the count.
    expect(names(await admin('GET', '/api/business/memo'))).toContain('first');
    expect((await admin('GET', '/api/business/memo/count')).body).toBe(1);
    // Another user is served by the replica, which applies it 2 to 3 s later.
    const early = await reader('GET', '/api/business/memo');
    expect(early.status).toBe(200);
    expect(names(early)).not.toContain('first');
    expect((await reader('GET', '/api/business/memo/count')).body).toBe(0);
    await sleep(APPLY_DELAY_MS + 1000);
    expect(names(await reader('GET', '/api/business/memo'))).toContain('first');
    expect((await reader('GET', '/api/business/memo/count')).body).toBe(1);
  }, 60_000);

  it('a replica that is down is skipped: reads go to the primary', async () => {
    // The reader is on the replica: it does not see a write at once.
    expect((await admin('POST', '/api/business/memo', { name: 'probe' })).status).toBe(201);
    expect(names(await reader('GET', '/api/business/memo'))).not.toContain('probe');
    await pair.replica.kill();
    const created = await admin('POST', '/api/business/memo', { name: 'second' });
    expect(created.status).toBe(201);
    const statuses: number[] = [];
    const deadline = Date.now() + 3000;
    let seen = false;
    while (Date.now() < deadline && !seen) {
      const answer = await reader('GET', '/api/business/memo');
      statuses.push(answer.status);
      seen = answer.status === 200 && names(answer).includes('second');
      if (!seen) await sleep(100);
    }
    expect(seen, `statuses ${statuses.join(',')}`).toBe(true);
    // At most the read that found it down failed, with a 503; never a 500.
    expect(statuses.filter((status) => status !== 200).every((status) => status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 503).length).toBeLessThanOrEqual(1);
  }, 30_000);
});
