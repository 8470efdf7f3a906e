import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  galeraInstalled,
  galeraSkipNote,
  startGaleraCluster,
  type GaleraCluster,
  type GaleraNode,
} from '../../../test-support/galera';
import { createKnex } from '../../src/db/create-knex';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy';
import { freePort, signIn, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { client, createTable, multiInstanceCases, tableNamed, type Client } from './multi-instance-cases';

const PASSWORD = 'Galera-admin-Pass-1';
const DATABASE = 'crudboard';

/** Certification-conflict retries a server reported (`certificationRetries` in its debug log). */
const certificationRetries = (server: ServerProcess): number => {
  let highest = 0;
  for (const match of server.output().matchAll(/"certificationRetries":(\d+)/g)) {
    highest = Math.max(highest, Number(match[1]));
  }
  return highest;
};

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/**
 * Three crudboard servers, each connected to its own node of a three-node MariaDB Galera cluster
 * (test-support/galera.ts): writes through any node, schema changes through several at once, and
 * a node killed under write load.
 */
// No retries: a case that failed has left the cluster or the tables in a state the next try would trip on.
describe.skipIf(!galeraInstalled)(
  `3 servers on a 3-node MariaDB Galera cluster${galeraSkipNote}`,
  { retry: 0 },
  () => {
    let cluster: GaleraCluster;
    let dataDir: string;
    let servers: ServerProcess[] = [];
    let failoverServer: ServerProcess | undefined;
    let balancer: RoundRobinProxy;
    let api: Client;
    let cookie: string;
    const direct = (i: number) => client((servers[i] as ServerProcess).url, cookie);

    beforeAll(async () => {
      cluster = await startGaleraCluster();
      await cluster.nodes[0]?.sql(
        `CREATE DATABASE ${DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      );
      dataDir = mkdtempSync(join(tmpdir(), 'crudboard-galera-'));
      const ports = await Promise.all(cluster.nodes.map(() => freePort()));
      // All at once: their start-ups take turns through the cluster-wide start-up lock.
      servers = await Promise.all(
        cluster.nodes.map((node, i) =>
          startServerProcess(ports[i] as number, {
            DATA_DIR: dataDir,
            ADMIN_PASSWORD: PASSWORD,
            LOG_LEVEL: 'debug',
            DATA_SOURCES: JSON.stringify([
              { name: 'primary', client: 'mysql', connection: node.url(DATABASE) },
            ]),
          }),
        ),
      );
      // One more server, on a URL listing every node, its own node first: it follows a node that dies.
      const [own, ...others] = [2, 0, 1].map((i) => new URL((cluster.nodes[i] as GaleraNode).url(DATABASE)));
      const listed = `mysql://crudboard:crudboard@${[own, ...others].map((url) => (url as URL).host).join(',')}/${DATABASE}`;
      failoverServer = await startServerProcess(await freePort(), {
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'debug',
        DATA_SOURCES: JSON.stringify([{ name: 'primary', client: 'mysql', connection: listed }]),
      });
      balancer = await startRoundRobinProxy(servers.map((server) => server.url));
      cookie = await signIn(balancer.url, PASSWORD);
      api = client(balancer.url, cookie);
    }, 180_000);

    afterAll(async () => {
      await balancer?.close();
      await Promise.all(
        [...servers, ...(failoverServer ? [failoverServer] : [])].map((server) => server.kill()),
      );
      await cluster?.remove();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('every table crudboard made has a primary key (Galera replicates keyless tables unsafely)', async () => {
      const keyless = await cluster.nodes[0]?.sql(
        `SELECT t.TABLE_NAME FROM information_schema.TABLES t WHERE t.TABLE_SCHEMA = '${DATABASE}' AND t.TABLE_TYPE = 'BASE TABLE' AND NOT EXISTS (SELECT 1 FROM information_schema.TABLE_CONSTRAINTS c WHERE c.TABLE_SCHEMA = t.TABLE_SCHEMA AND c.TABLE_NAME = t.TABLE_NAME AND c.CONSTRAINT_TYPE = 'PRIMARY KEY') ORDER BY 1`,
      );
      expect(keyless?.split('\n').filter(Boolean)).toEqual([]);
    });

    it('200 creates at once through the three nodes: all 201, 200 distinct sequence values', async () => {
      const sequence = await api.post('/api/metadata/sequences', {
        name: 'orderNo',
        sequenceType: 'STRING',
        format: 'O%05d',
        minValue: 1,
        maxValue: 99999,
        nextValue: 1,
        incrementBy: 1,
      });
      expect(sequence.status, JSON.stringify(sequence.body)).toBe(201);
      await createTable(api, 'purchase', [
        { name: 'orderNo', dataType: 'VARCHAR', length: 20, seqId: sequence.body, nullable: false },
      ]);
      const retriesBefore = servers.reduce((sum, server) => sum + certificationRetries(server), 0);
      const created = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          direct(i % 3).post('/api/business/purchase', { name: `p${i}` }),
        ),
      );
      const failed = created.filter((answer) => answer.status !== 201);
      expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
      const ids = created.map((answer) => Number(answer.body));
      expect(new Set(ids).size).toBe(200);
      const rows = (await direct(0).get('/api/business/purchase?limit=1000')).body as {
        id: number;
        orderNo: string;
      }[];
      expect(rows).toHaveLength(200);
      expect(new Set(rows.map((row) => row.orderNo)).size).toBe(200);
      expect(new Set(rows.map((row) => row.id))).toEqual(new Set(ids));
      const retries = servers.reduce((sum, server) => sum + certificationRetries(server), 0) - retriesBefore;
      console.log(`Galera: 200 creates through 3 nodes, certification-conflict retries: ${retries}`);
    }, 90_000);

    it('columns added to one table through every node at once: all of them exist, none is lost', async () => {
      await createTable(api, 'bin', []);
      const add = async (api: Client, columnName: string) => {
        for (let attempt = 0; attempt < 20; attempt += 1) {
          const table = await tableNamed(api, 'bin');
          const answer = await api.patch(`/api/metadata/tables/${table.id}`, {
            lastModifiedDate: table.lastModifiedDate,
            columns: [...table.columns, { name: columnName, caption: columnName, dataType: 'INT' }],
          });
          if (answer.status !== 409) return answer;
        }
        throw new Error(`${columnName}: refused twenty times`);
      };
      const added = ['g0', 'g1', 'g2', 'g3', 'g4', 'g5'];
      const answers = await Promise.all(added.map((name, i) => add(direct(i % 3), name)));
      expect(
        answers.map((answer) => answer.status),
        JSON.stringify(answers),
      ).toEqual(added.map(() => 200));
      for (const [i] of servers.entries()) {
        const names = (await tableNamed(direct(i), 'bin')).columns.map((c) => c.name);
        for (const name of added) expect(names).toContain(name);
      }
      const record = Object.fromEntries(added.map((name, i) => [name, i + 1]));
      for (const [i] of servers.entries()) {
        const id = await direct(i).post('/api/business/bin', { name: `full${i}`, ...record });
        expect(id.status, JSON.stringify(id.body)).toBe(201);
        const stored = (await direct((i + 1) % 3).get(`/api/business/bin/${String(id.body)}`)).body;
        expect(stored).toMatchObject(record);
      }
    }, 120_000);

    it("a row committed through one node is seen at once by a read on another: crudboard's pools read causally", async () => {
      const config = (node: number) => ({
        name: `node${node}`,
        caption: `node${node}`,
        client: 'mysql' as const,
        connection: (cluster.nodes[node] as GaleraNode).url(DATABASE),
        database: DATABASE,
      });
      const [writer, reader] = [createKnex(config(0), undefined, 1), createKnex(config(1), undefined, 1)];
      try {
        await writer.raw('CREATE TABLE causal_probe (id INT PRIMARY KEY)');
        const misses: number[] = [];
        for (let i = 1; i <= 1000; i += 1) {
          await writer.raw('INSERT INTO causal_probe (id) VALUES (?)', [i]);
          const [rows] = (await reader.raw('SELECT id FROM causal_probe WHERE id = ?', [i])) as [unknown[]];
          if (rows.length === 0) misses.push(i);
        }
        expect(misses).toEqual([]);
      } finally {
        await writer.raw('DROP TABLE IF EXISTS causal_probe');
        await Promise.all([writer.destroy(), reader.destroy()]);
      }
    }, 120_000);

    it('reversing a table without a primary key warns that Galera replicates its writes unsafely', async () => {
      await cluster.nodes[0]?.sql(
        `CREATE TABLE ${DATABASE}.legacy_tags (code VARCHAR(20) NOT NULL, label VARCHAR(50), UNIQUE KEY (code))`,
      );
      await cluster.nodes[0]?.sql(
        `CREATE TABLE ${DATABASE}.legacy_keyed (id INT PRIMARY KEY, label VARCHAR(50))`,
      );
      const reversed = await api.post('/api/metadata/tables/metadatas/reverse?partial=true', [
        'legacy_tags',
        'legacy_keyed',
      ]);
      expect(reversed.status, JSON.stringify(reversed.body)).toBe(201);
      const warnings = (reversed.body as { warnings: { table: string; reason: string }[] }).warnings;
      expect(warnings.filter((warning) => warning.reason === 'keylessOnGalera')).toEqual([
        { table: 'legacy_tags', reason: 'keylessOnGalera' },
      ]);
    }, 60_000);

    it("a node killed (-9) under write load: the others go on, its server answers 503 until it is back, one on every node's URL goes over to the next, no acknowledged write is lost", async () => {
      await createTable(api, 'sample', [{ name: 'value', dataType: 'INT', nullable: false }]);
      const victim = cluster.nodes[2] as GaleraCluster['nodes'][number];
      const victimServer = direct(2);
      const writes: {
        name: string;
        value: number;
        status: number;
        id: unknown;
        server: number;
        code?: unknown;
        at: number;
      }[] = [];
      let stop = false;
      const worker = async (w: number) => {
        const server = w % 3;
        for (let n = 0; !stop; n += 1) {
          const name = `w${w}-${n}`;
          const value = w * 100_000 + n;
          const created = await direct(server).post('/api/business/sample', { name, value });
          const code = (created.body as { code?: unknown } | null)?.code;
          writes.push({
            name,
            value,
            status: created.status,
            id: created.body,
            server,
            code,
            at: Date.now(),
          });
          // The dead node's server answers at once; do not spin.
          if (created.status >= 500) await sleep(50);
        }
      };
      // The server on the URL of every node, whose first is the node that dies.
      const following = client((failoverServer as ServerProcess).url, cookie);
      const followed: { status: number; name: string; id: unknown; startedAt: number; at: number }[] = [];
      const follower = async () => {
        for (let n = 0; !stop; n += 1) {
          const startedAt = Date.now();
          const name = `f-${n}`;
          const created = await following.post('/api/business/sample', { name, value: -2 - n });
          followed.push({ status: created.status, name, id: created.body, startedAt, at: Date.now() });
          if (created.status >= 500) await sleep(50);
        }
      };
      const retriesBefore = servers.reduce((sum, server) => sum + certificationRetries(server), 0);
      const load = Promise.all([...Array.from({ length: 6 }, (_, w) => worker(w)), follower()]);
      await sleep(1500);
      await victim.kill();
      const killedAt = writes.length;
      const killedTime = Date.now();
      // The others' commits wait until the cluster has evicted the dead node (3 s, galera.ts).
      await sleep(5000);
      const ready = await fetch(`${(servers[2] as ServerProcess).url}/api/ready`);
      const readyBody = (await ready.json()) as { reason?: string };
      const followerReady = await fetch(`${(failoverServer as ServerProcess).url}/api/ready`);
      stop = true;
      await load;
      expect(ready.status).toBe(503);
      expect(readyBody.reason).toBe('database');
      // The server on every node's URL went over to the next node and writes again.
      expect(followerReady.status).toBe(200);
      expect(followed.filter((write) => write.status !== 201 && write.status !== 503)).toEqual([]);
      const followedAgain = followed.find((write) => write.startedAt > killedTime && write.status === 201);
      expect(followedAgain, JSON.stringify(followed.slice(-3))).toBeDefined();
      const followMs = (followedAgain?.at ?? 0) - killedTime;

      // Never a 500: the dead node's server answers 503, the others 201.
      const unexpected = writes.filter((write) => write.status !== 201 && write.status !== 503);
      expect(unexpected, JSON.stringify(unexpected.slice(0, 3))).toEqual([]);
      const after = writes.slice(killedAt);
      expect(after.filter((write) => write.server !== 2 && write.status !== 201)).toEqual([]);
      expect(after.filter((write) => write.server !== 2).length).toBeGreaterThan(10);
      expect(after.filter((write) => write.server === 2 && write.status === 503).length).toBeGreaterThan(0);

      // The node rejoins; its server answers again without being restarted.
      const restartAt = Date.now();
      await victim.restart();
      await cluster.waitSynced(3);
      const rejoinedMs = Date.now() - restartAt;
      let answering = Infinity;
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
        const check = await fetch(`${(servers[2] as ServerProcess).url}/api/ready`).catch(() => undefined);
        if (check?.status !== 200) continue;
        const write = await victimServer.post('/api/business/sample', { name: 'back', value: -1 });
        if (write.status === 201) {
          answering = Date.now() - restartAt;
          break;
        }
      }
      expect(answering).toBeLessThan(60_000);

      // Every acknowledged write is there, whole, seen through every node.
      let lost = 0;
      for (const i of [0, 1, 2]) {
        const read = await direct(i).get('/api/business/sample?limit=10000');
        expect(read.status, JSON.stringify(read.body)).toBe(200);
        const rows = read.body as { id: number; name: string; value: number }[];
        const byName = new Map(rows.map((row) => [row.name, row]));
        for (const write of writes) {
          const row = byName.get(write.name);
          if (write.status === 201 && row?.id !== Number(write.id)) lost += 1;
          if (row) expect(row.value).toBe(write.value);
        }
        for (const write of followed) {
          if (write.status === 201 && byName.get(write.name)?.id !== Number(write.id)) lost += 1;
        }
      }
      const retries = servers.reduce((sum, server) => sum + certificationRetries(server), 0) - retriesBefore;
      // How long the other nodes' commits waited for the cluster to evict the dead node: the
      // longest time without an acknowledged write through them after the kill.
      const acknowledgedAt = after
        .filter((write) => write.server !== 2 && write.status === 201)
        .map((write) => write.at)
        .sort((a, b) => a - b);
      const stalledMs = Math.max(
        ...acknowledgedAt.map((at, i) => at - (acknowledgedAt[i - 1] ?? killedTime)),
      );
      const acknowledged = writes.filter((write) => write.status === 201).length;
      console.log(
        `Galera node kill: ${acknowledged} writes acknowledged, ${writes.length - acknowledged} refused with 503, ` +
          `writes lost: ${lost}, certification-conflict retries: ${retries}, node rejoined in ${rejoinedMs} ms, ` +
          `its server answered a write ${answering} ms after the node's restart; ` +
          `the other nodes' writes paused ${stalledMs} ms after the kill (eviction); ` +
          `the server on every node's URL wrote again ${followMs} ms after the kill ` +
          `(${followed.filter((write) => write.status === 201).length} acknowledged, ` +
          `${followed.filter((write) => write.status === 503).length} answered 503)`,
      );
      expect(lost).toBe(0);
    }, 150_000);

    describe('the multi-instance cases of one shared database', () => {
      multiInstanceCases(() => ({ servers, balancer, api, cookie }));
    });
  },
);
