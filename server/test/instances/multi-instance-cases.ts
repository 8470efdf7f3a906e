import { expect, it } from 'vitest';
import type { RoundRobinProxy } from '../helpers/round-robin-proxy';
import { signIn, type ServerProcess } from '../helpers/server-process';
import { SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { httpClient, type HttpClient } from '../helpers/http-client';

/**
 * What several crudboard servers sharing one database must do as one, whatever the database's
 * topology: registered by cluster.test.ts (one server database) and galera.test.ts (one Galera
 * node per server).
 */

/** What another server must see of a change, at the latest. */
export const WITHIN_MS = 1000;

/** One signed-in client of a URL (the balancer or one server). */
export const client = httpClient;
export type Client = HttpClient;

export interface StoredTable {
  id: number;
  lastModifiedDate: number;
  columns: { name: string }[];
}

export const createTable = async (api: Client, name: string, columns: object[]): Promise<void> => {
  const created = await api.post('/api/metadata/tables', {
    name,
    caption: name,
    columns: [...SYSTEM_COLUMNS, ...columns],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
};

export const tableNamed = async (api: Client, name: string): Promise<StoredTable> => {
  const answer = await api.get(`/api/metadata/tables/name/${name}`);
  expect(answer.status).toBe(200);
  return answer.body as StoredTable;
};

/** The servers under test, the balancer in front of them and the super admin's session. */
export interface MultiInstanceSetup {
  servers: ServerProcess[];
  balancer: RoundRobinProxy;
  api: Client;
  cookie: string;
}

/**
 * Registers the cases; `setup` is called inside each (the suite's beforeAll fills it). The last
 * one kills the last server (-9).
 */
export const multiInstanceCases = (setup: () => MultiInstanceSetup): void => {
  let servers: ServerProcess[];
  let balancer: RoundRobinProxy;
  let api: Client;
  let cookie: string;
  const take = () => ({ servers, balancer, api, cookie } = setup());

  it('100 creates at once, spread over the servers, take 100 distinct sequence values', async () => {
    take();
    // Names of this attempt's own: a retry does not meet the sequence and table of a failed one.
    const run = Date.now().toString(36);
    const table = `ticket_${run}`;
    const sequence = await api.post('/api/metadata/sequences', {
      name: `ticketNo_${run}`,
      sequenceType: 'STRING',
      format: 'T%05d',
      minValue: 1,
      maxValue: 99999,
      nextValue: 1,
      incrementBy: 1,
    });
    expect(sequence.status, JSON.stringify(sequence.body)).toBe(201);
    await createTable(api, table, [
      { name: 'ticketNo', dataType: 'VARCHAR', length: 20, seqId: sequence.body, nullable: false },
    ]);
    const before = new Map(balancer.answered);
    const created = await Promise.all(
      Array.from({ length: 100 }, (_, i) => api.post(`/api/business/${table}`, { name: `t${i}` })),
    );
    const refused = created.filter((answer) => answer.status !== 201);
    expect(
      created.map((answer) => answer.status),
      JSON.stringify(refused.map((answer) => answer.body)),
    ).toEqual(Array.from({ length: 100 }, () => 201));
    for (const server of servers) {
      expect(balancer.answered.get(server.url) ?? 0).toBeGreaterThan(before.get(server.url) ?? 0);
    }
    const rows = (await api.get(`/api/business/${table}?limit=1000`)).body as { ticketNo: string }[];
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((row) => row.ticketNo)).size).toBe(100);
  }, 60_000);

  it('columns added to one table from every server at once: all of them exist, none is lost', async () => {
    take();
    await createTable(api, 'crate', []);
    const add = async (columnName: string) => {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const table = await tableNamed(api, 'crate');
        const answer = await api.patch(`/api/metadata/tables/${table.id}`, {
          lastModifiedDate: table.lastModifiedDate,
          columns: [...table.columns, { name: columnName, caption: columnName, dataType: 'INT' }],
        });
        if (answer.status !== 409) return answer;
      }
      throw new Error(`${columnName}: refused ten times`);
    };
    const added = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'];
    const answers = await Promise.all(added.map(add));
    expect(answers.map((answer) => answer.status)).toEqual(added.map(() => 200));
    // Every server's metadata has them, and the physical table takes a value in each.
    for (const server of servers) {
      const names = (await tableNamed(client(server.url, cookie), 'crate')).columns.map((c) => c.name);
      for (const name of added) expect(names).toContain(name);
    }
    const record = Object.fromEntries(added.map((name, i) => [name, i + 1]));
    const id = await api.post('/api/business/crate', { name: 'full', ...record });
    expect(id.status, JSON.stringify(id.body)).toBe(201);
    const stored = (await api.get(`/api/business/crate/${String(id.body)}`)).body as Record<string, unknown>;
    expect(stored).toMatchObject(record);
  }, 120_000);

  it('a role taken away through one server is refused by every server within 1 s', async () => {
    take();
    await createTable(api, 'memo', []);
    await api.post('/api/business/memo', { name: 'm' });
    const role = await api.post('/api/business/role', {
      name: 'memo reader',
      code: 'ROLE_MEMO_READER',
      permissions: 'business:memo:read',
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const user = await api.post('/api/business/user', {
      username: 'memoreader',
      password: 'Memo-reader-1',
      enabled: true,
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const link = await api.post('/api/business/userRole', { userId: user.body, roleId: role.body });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const readerCookie = await signIn(balancer.url, 'Memo-reader-1', 'memoreader');
    const readers = servers.map((server) => client(server.url, readerCookie));
    for (const reader of readers) expect((await reader.get('/api/business/memo')).status).toBe(200);

    expect((await api.delete(`/api/business/userRole/${String(link.body)}`)).status).toBe(204);
    const revokedAt = Date.now();
    const refusedAfter = await Promise.all(
      readers.map(async (reader) => {
        for (;;) {
          const answer = await reader.get('/api/business/memo');
          if (answer.status === 403) return Date.now() - revokedAt;
          if (Date.now() - revokedAt > 5 * WITHIN_MS) return Infinity;
          await new Promise((wait) => setTimeout(wait, 25));
        }
      }),
    );
    for (const ms of refusedAfter) expect(ms).toBeLessThan(WITHIN_MS);
  }, 60_000);

  it('one server killed (-9) under load: the others keep answering, and no write is half done', async () => {
    take();
    await createTable(api, 'reading', [{ name: 'value', dataType: 'INT', nullable: false }]);
    const reads: number[] = [];
    const writes: { name: string; value: number; status: number; id: unknown }[] = [];
    const until = Date.now() + 4000;
    const worker = async (w: number) => {
      for (let n = 0; Date.now() < until; n += 1) {
        const name = `w${w}-${n}`;
        const value = w * 1000 + n;
        const created = await api.post('/api/business/reading', { name, value });
        writes.push({ name, value, status: created.status, id: created.body });
        reads.push((await api.get('/api/business/reading?limit=5')).status);
      }
    };
    const victim = servers[servers.length - 1] as ServerProcess;
    const load = Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
    const victimBefore = balancer.answered.get(victim.url) ?? 0;
    await new Promise((wait) => setTimeout(wait, 1000));
    // The victim was carrying its share of the load when it died.
    expect(balancer.answered.get(victim.url) ?? 0).toBeGreaterThan(victimBefore);
    await victim.kill();
    const killedAt = writes.length;
    await load;

    // Reads are retried on another server by the balancer: every one was answered.
    expect(reads.filter((status) => status !== 200)).toEqual([]);
    // A write either succeeded or was cut off with the server (502): nothing else.
    expect(writes.filter((write) => write.status !== 201 && write.status !== 502)).toEqual([]);
    expect(writes.filter((write) => write.status === 201).length).toBeGreaterThan(10);
    // The two servers left carried on after the kill.
    expect(writes.slice(killedAt).filter((write) => write.status === 201).length).toBeGreaterThan(10);
    const rows = (await api.get('/api/business/reading?limit=10000')).body as {
      id: number;
      name: string;
      value: number;
    }[];
    const byName = new Map(rows.map((row) => [row.name, row]));
    // Every acknowledged write is there, whole; a cut-off one is there whole or not at all.
    for (const write of writes) {
      const row = byName.get(write.name);
      if (write.status === 201) expect(row?.id).toBe(Number(write.id));
      if (row) expect(row.value).toBe(write.value);
    }
    expect(rows.length).toBeLessThanOrEqual(writes.length);
    for (const server of servers.slice(0, -1)) {
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    }
  }, 60_000);
};
