import { expect, it } from 'vitest';
import type { Client } from '../../src/config';
import { httpClient, type Answer, type HttpClient } from '../helpers/http-client';
import { SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { signIn } from '../helpers/server-process';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const names = (answer: Answer): string[] => (answer.body as { name: string }[]).map((row) => row.name);

export const REPLICA_ADMIN_PASSWORD = 'Replica-admin-Pass-1';

/** The server's environment for a primary with one replica (`client`: pg or mysql). */
export const replicaServerEnv = (dataDir: string, client: Client, primary: string, replica: string) => ({
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: REPLICA_ADMIN_PASSWORD,
  LOG_LEVEL: 'warn',
  REPLICA_MAX_LAG_MS: '20000',
  DATA_SOURCES: JSON.stringify([{ name: 'primary', client, connection: primary, replicas: [replica] }]),
});

export interface ReplicaUsers {
  /** The super admin, who writes. */
  admin: HttpClient;
  /** A user who may only read the table `memo`. */
  reader: HttpClient;
}

/**
 * Makes the table `memo` and a user who may only read it, then waits until the replica (which
 * replays `applyDelayMs` late) has all of it: until then everybody's reads go to the primary.
 */
export const prepareReplicaUsers = async (url: string, applyDelayMs: number): Promise<ReplicaUsers> => {
  const admin = httpClient(url, await signIn(url, REPLICA_ADMIN_PASSWORD));
  const table = await admin.post('/api/metadata/tables', {
    name: 'memo',
    caption: 'memo',
    columns: [...SYSTEM_COLUMNS],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(201);
  const role = await admin.post('/api/business/role', {
    name: 'memo reader',
    code: 'ROLE_MEMO_READER',
    permissions: 'business:memo:read',
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const user = await admin.post('/api/business/user', {
    username: 'memoreader',
    password: 'Memo-reader-1',
    enabled: true,
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  expect((await admin.post('/api/business/userRole', { userId: user.body, roleId: role.body })).status).toBe(
    201,
  );
  const reader = httpClient(url, await signIn(url, 'Memo-reader-1', 'memoreader'));
  for (const deadline = Date.now() + 20_000; ;) {
    if ((await reader.get('/api/business/memo')).status === 200) break;
    if (Date.now() > deadline) throw new Error('the reader never listed memo');
    await sleep(200);
  }
  await sleep(applyDelayMs + 1000);
  return { admin, reader };
};

/**
 * What a data source with a lagging replica must do, whatever its engine: read your own writes,
 * others read the replica, a replica that is down is skipped.
 */
export const replicaCases = (
  context: () => ReplicaUsers & { applyDelayMs: number; killReplica(): Promise<void> },
): void => {
  it('reads its own writes from the primary at once; another user reads the lagging replica', async () => {
    const { admin, reader, applyDelayMs } = context();
    const created = await admin.post('/api/business/memo', { name: 'first' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The writer sees the write at once, in the list and the count.
    expect(names(await admin.get('/api/business/memo'))).toContain('first');
    expect((await admin.get('/api/business/memo/count')).body).toBe(1);
    // Another user is served by the replica, which replays it late.
    const early = await reader.get('/api/business/memo');
    expect(early.status).toBe(200);
    expect(names(early)).not.toContain('first');
    expect((await reader.get('/api/business/memo/count')).body).toBe(0);
    await sleep(applyDelayMs + 1000);
    expect(names(await reader.get('/api/business/memo'))).toContain('first');
    expect((await reader.get('/api/business/memo/count')).body).toBe(1);
  }, 60_000);

  it('a replica that is down is skipped: reads go to the primary', async () => {
    const { admin, reader, killReplica } = context();
    // The reader is on the replica: it does not see a write at once.
    expect((await admin.post('/api/business/memo', { name: 'probe' })).status).toBe(201);
    expect(names(await reader.get('/api/business/memo'))).not.toContain('probe');
    await killReplica();
    expect((await admin.post('/api/business/memo', { name: 'second' })).status).toBe(201);
    const statuses: number[] = [];
    const deadline = Date.now() + 3000;
    let seen = false;
    while (Date.now() < deadline && !seen) {
      const answer = await reader.get('/api/business/memo');
      statuses.push(answer.status);
      seen = answer.status === 200 && names(answer).includes('second');
      if (!seen) await sleep(100);
    }
    expect(seen, `statuses ${statuses.join(',')}`).toBe(true);
    // At most the read that found it down failed, with a 503; never a 500.
    expect(statuses.filter((status) => status !== 200).every((status) => status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 503).length).toBeLessThanOrEqual(1);
  }, 30_000);
};
