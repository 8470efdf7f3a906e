import { createHash, randomBytes } from 'node:crypto';
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
import { mariadbBigramNames } from '../../src/dialects/full-text/mariadb-bigrams';
import { multipartBody } from '../helpers/multipart';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy';
import { freePort, signIn, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { xlsxBook } from '../helpers/xlsx-book';
import {
  client,
  createTable,
  multiInstanceCases,
  tableNamed,
  type Client,
  type StoredTable,
} from './multi-instance-cases';

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

/** The statements that lost certification in the output a server wrote after `from`, counted. */
const lostStatements = (servers: ServerProcess[], from: number[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const [i, server] of servers.entries()) {
    for (const match of server
      .output()
      .slice(from[i])
      .matchAll(/"certificationRetries":\d+[^\n]*?"statement":"([^"]+)"/g)) {
      const statement = match[1] as string;
      counts[statement] = (counts[statement] ?? 0) + 1;
    }
  }
  return counts;
};

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

const md5Of = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** The chunk size of the chunked upload case. */
const CHUNK = 4096;

/** A table as the metadata API answers it, with its columns' ids. */
type StoredColumns = Omit<StoredTable, 'columns'> & { columns: { id: number; name: string }[] };

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

    it('keyword search reads an InnoDB bigram index that every node keeps: rows written through two nodes are found through the third', async () => {
      await createTable(api, 'galera_note', []);
      // 200 notes through all three servers at once: the insert triggers run on each writer's
      // node and their bigram rows replicate with the note.
      const created = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          direct(i % 3).post('/api/business/galera_note', { name: `便笺 ${i}` }),
        ),
      );
      expect(created.map((answer) => answer.status)).toEqual(created.map(() => 201));
      // One rare name, then 1,000 more notes through one node's SQL: the newest rows, which the
      // search samples and a scan would read first, do not hold it, so the index is asked.
      const rare = await direct(1).post('/api/business/galera_note', { name: '彭涵的便笺' });
      expect(rare.status, JSON.stringify(rare.body)).toBe(201);
      await cluster.nodes[0]?.sql(
        `INSERT INTO ${DATABASE}.galera_note (name, fullTextBody, createdDate, isDeleted) SELECT CONCAT('便笺 ', seq), CONCAT('便笺 ', seq), NOW(), 0 FROM ${DATABASE}.seq_1_to_1000`,
      );
      const id = Number(rare.body);
      const grams = mariadbBigramNames('galera_note').table;
      // On every node: the notes, their bigram rows, and the insert trigger that writes them (so
      // that a failure says which is missing). The other nodes apply node 0's write a moment after
      // it commits, so each read first waits for its node to have applied every committed write, as
      // crudboard's own pools do (wsrep_sync_wait).
      const { afterInsert } = mariadbBigramNames('galera_note');
      for (const node of cluster.nodes) {
        expect(
          await node.sql(
            'SET SESSION wsrep_sync_wait = 1; ' +
              `SELECT (SELECT COUNT(*) FROM ${DATABASE}.galera_note), (SELECT COUNT(*) FROM ${DATABASE}.${grams}), ` +
              `(SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = '${DATABASE}' AND TRIGGER_NAME = '${afterInsert}')`,
          ),
        ).toBe('1201\t1201\t1');
      }
      const found = async (server: number) => {
        const answer = await direct(server).get(
          `/api/business/galera_note?search=${encodeURIComponent('彭涵')}`,
        );
        expect(answer.status).toBe(200);
        return (answer.body as { id: number | string }[]).map((row) => Number(row.id));
      };
      expect(await found(2)).toEqual([id]);
      // The search reads the index: with the note's bigrams gone (on every node) it is not found,
      // where a LIKE scan would find it; an edit of its text writes them again.
      await cluster.nodes[2]?.sql(`DELETE FROM ${DATABASE}.${grams} WHERE rowKey = ${id}`);
      expect(await found(0)).toEqual([]);
      const edited = await direct(0).patch(`/api/business/galera_note/${id}`, { name: '彭涵的新便笺' });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(await found(1)).toEqual([id]);
      expect(await found(2)).toEqual([id]);
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

    it('table edits and relation edits through every node at once: none is answered 503, none is half done', async () => {
      // One table per node, each edited through its own node (no edit is stale), while relations
      // between them are made and deleted through every node: every metadata write moves the
      // `metadata` cache-version row, so writes through two nodes collide at certification.
      for (const i of [0, 1, 2]) await createTable(api, `edit${i}`, [{ name: 'refId', dataType: 'BIGINT' }]);
      const tables = await Promise.all(
        [0, 1, 2].map(async (i) => (await tableNamed(api, `edit${i}`)) as StoredColumns),
      );
      const columnId = (table: StoredColumns, name: string) =>
        (table.columns.find((column) => column.name === name) as { id: number }).id;
      const answers: { what: string; status: number; body: unknown }[] = [];
      const added = ['c0', 'c1', 'c2', 'c3'];
      let editing = true;
      const editor = async (i: number) => {
        for (const name of added) {
          const table = await tableNamed(direct(i), `edit${i}`);
          const answer = await direct(i).patch(`/api/metadata/tables/${table.id}`, {
            lastModifiedDate: table.lastModifiedDate,
            columns: [...table.columns, { name, caption: name, dataType: 'INT' }],
          });
          answers.push({ what: `PATCH edit${i} +${name}`, status: answer.status, body: answer.body });
        }
      };
      const relator = async (i: number) => {
        const [from, to] = [tables[i], tables[(i + 1) % 3]] as [StoredColumns, StoredColumns];
        for (let n = 0; editing; n += 1) {
          const created = await direct(i).post('/api/metadata/tablerelations', {
            name: `r${i}x${n}`,
            relationType: 'ManyToOne',
            fromTable: { id: from.id },
            fromColumn: { id: columnId(from, 'refId') },
            toTable: { id: to.id },
            toColumn: { id: columnId(to, 'id') },
          });
          answers.push({ what: `POST relation r${i}x${n}`, status: created.status, body: created.body });
          if (created.status !== 201) continue;
          const removed = await direct((i + 1) % 3).delete(
            `/api/metadata/tablerelations/${String(created.body)}`,
          );
          answers.push({ what: `DELETE relation r${i}x${n}`, status: removed.status, body: removed.body });
        }
      };
      const retriesBefore = servers.reduce((sum, server) => sum + certificationRetries(server), 0);
      const outputBefore = servers.map((server) => server.output().length);
      const started = Date.now();
      await Promise.all([
        Promise.all([0, 1, 2].map((i) => editor(i))).finally(() => {
          editing = false;
        }),
        ...[0, 1, 2].map((i) => relator(i)),
      ]);
      const elapsedMs = Date.now() - started;
      const refused = answers.filter((answer) => answer.status >= 300);
      expect(refused, JSON.stringify(refused.slice(0, 5))).toEqual([]);
      // Whole: every column in the metadata of every server and in the table of every node.
      for (const i of [0, 1, 2]) {
        for (const reader of [0, 1, 2]) {
          const names = (await tableNamed(direct(reader), `edit${i}`)).columns.map((column) => column.name);
          expect(names).toEqual(expect.arrayContaining(added));
        }
        const record = { name: `whole${i}`, c0: 1, c1: 2, c2: 3, c3: 4 };
        const id = await direct((i + 1) % 3).post(`/api/business/edit${i}`, record);
        expect(id.status, JSON.stringify(id.body)).toBe(201);
        expect(
          (await direct((i + 2) % 3).get(`/api/business/edit${i}/${String(id.body)}`)).body,
        ).toMatchObject(record);
      }
      const retries = servers.reduce((sum, server) => sum + certificationRetries(server), 0) - retriesBefore;
      console.log(
        `Galera: ${answers.filter((a) => a.what.startsWith('PATCH')).length} table edits and ` +
          `${answers.filter((a) => !a.what.startsWith('PATCH')).length} relation writes through 3 nodes at once in ${elapsedMs} ms, ` +
          `certification-conflict retries: ${retries}, by the statement that lost: ${JSON.stringify(lostStatements(servers, outputBefore))}`,
      );
    }, 120_000);

    it("a file uploaded through one node's server is served, same bytes, by the others; a chunked upload spread over all three completes once", async () => {
      const data = randomBytes(300_000);
      const form = multipartBody([{ name: 'file', value: data, filename: 'galera.bin' }]);
      const uploaded = await fetch(`${(servers[0] as ServerProcess).url}/api/file`, {
        method: 'POST',
        headers: { ...form.headers, cookie, origin: (servers[0] as ServerProcess).url },
        body: form.payload,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      const { url } = (await uploaded.json()) as { url: string };
      for (const i of [1, 2]) {
        const served = await fetch(`${(servers[i] as ServerProcess).url}${url}`, { headers: { cookie } });
        expect(served.status).toBe(200);
        expect(md5Of(Buffer.from(await served.arrayBuffer()))).toBe(md5Of(data));
      }

      // Every chunk at once, in turn through the three servers: the upload's lock (a lease row on
      // Galera) lets one server complete it.
      const big = randomBytes(CHUNK * 11 + 123);
      const chunks = Math.ceil(big.length / CHUNK);
      const answers = await Promise.all(
        Array.from({ length: chunks }, async (_, index) => {
          const server = servers[index % 3] as ServerProcess;
          const parts = multipartBody([
            { name: 'name', value: 'spread.bin' },
            { name: 'md5', value: md5Of(big) },
            { name: 'size', value: String(big.length) },
            { name: 'chunks', value: String(chunks) },
            { name: 'chunk', value: String(index) },
            { name: 'file', filename: 'blob', value: big.subarray(index * CHUNK, (index + 1) * CHUNK) },
          ]);
          const answer = await fetch(`${server.url}/api/file/big`, {
            method: 'POST',
            headers: { ...parts.headers, cookie, origin: server.url },
            body: parts.payload,
          });
          return {
            status: answer.status,
            body: (await answer.json()) as { isFinished?: boolean; url?: string },
          };
        }),
      );
      expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
      const urls = new Set(
        answers.filter((answer) => answer.body.isFinished).map((answer) => answer.body.url),
      );
      expect(urls.size).toBe(1);
      for (const server of servers) {
        const served = await fetch(`${server.url}${String([...urls][0])}`, { headers: { cookie } });
        expect(served.status).toBe(200);
        expect(md5Of(Buffer.from(await served.arrayBuffer()))).toBe(md5Of(big));
      }
    }, 60_000);

    it('an import through one node is read whole through the others; one with a bad row writes nothing on any node', async () => {
      await createTable(api, 'stock', [
        { name: 'sku', dataType: 'VARCHAR', length: 20, indexType: 'UNIQUE' },
        { name: 'qty', dataType: 'INT' },
      ]);
      const importThrough = async (i: number, rows: unknown[][]) => {
        const form = multipartBody([
          { name: 'file', value: await xlsxBook([['name', 'sku', 'qty'], ...rows]), filename: 'stock.xlsx' },
        ]);
        const answer = await fetch(`${(servers[i] as ServerProcess).url}/api/business/stock/import`, {
          method: 'POST',
          headers: { ...form.headers, cookie, origin: (servers[i] as ServerProcess).url },
          body: form.payload,
        });
        return {
          status: answer.status,
          body: (await answer.json()) as { inserted: number; failedRows: number },
        };
      };
      const skus = async (i: number) =>
        ((await direct(i).get('/api/business/stock?limit=5000')).body as { sku: string }[]).map(
          (row) => row.sku,
        );
      const good = Array.from({ length: 500 }, (_, n) => [`item${n}`, `sku${n}`, n]);
      const imported = await importThrough(0, good);
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body).toMatchObject({ inserted: 500, failedRows: 0 });
      // At once, through the other nodes: every row.
      for (const i of [1, 2]) expect(new Set(await skus(i)).size).toBe(500);

      // 200 new rows and, last, one whose key is stored already: nothing of it anywhere.
      const bad = [
        ...Array.from({ length: 200 }, (_, n) => [`more${n}`, `new${n}`, n]),
        ['again', 'sku7', 1],
      ];
      const refused = await importThrough(1, bad);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body).toMatchObject({ inserted: 0, failedRows: 1 });
      for (const i of [0, 1, 2]) {
        const stored = await skus(i);
        expect(stored).toHaveLength(500);
        expect(stored.filter((sku) => sku.startsWith('new'))).toEqual([]);
      }
    }, 60_000);

    it('sign-in throttling counts the failures made through every node: two through one, one through another, and the next waits', async () => {
      const attempt = async (i: number, username: string, password: string) => {
        const answer = await fetch(`${(servers[i] as ServerProcess).url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username, password }).toString(),
        });
        return { status: answer.status, retryAfter: Number(answer.headers.get('retry-after') ?? 0) };
      };
      // DEFAULT_LOGIN_LIMITS: 3 free failures of one account from one address, then 1 s, doubling.
      expect((await attempt(0, 'guessed', 'wrong-1')).status).toBe(401);
      expect((await attempt(0, 'guessed', 'wrong-2')).status).toBe(401);
      expect((await attempt(1, 'guessed', 'wrong-3')).status).toBe(401);
      const waited = await attempt(2, 'guessed', 'wrong-4');
      expect(waited.status).toBe(429);
      expect(waited.retryAfter).toBeGreaterThan(0);

      // Nine guesses at once, three through each node: three are checked, six wait; none is lost
      // to a certification conflict (503).
      const burst = await Promise.all(
        Array.from({ length: 9 }, (_, n) => attempt(n % 3, 'burst', `guess-${n}`)),
      );
      // At most the three free failures are checked, never more; admissions racing through three
      // nodes may leave one of the three unused (a refused one waits), never lose one to a 503:
      // an admission that loses certification tries again after a jittered pause.
      const checked = burst.filter((answer) => answer.status === 401).length;
      expect(checked).toBeGreaterThanOrEqual(1);
      expect(checked).toBeLessThanOrEqual(3);
      expect(burst.filter((answer) => answer.status === 429)).toHaveLength(9 - checked);
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
      // The SQL console of that server runs as its console account, on the node it found first.
      const consoleNode = async () => {
        const answer = await following.post('/api/metadata/sqls/execute', {
          sql: 'SELECT @@wsrep_node_name AS node, CURRENT_USER() AS account',
        });
        const row = (answer.body as { rows?: string[][] }).rows?.[0];
        return { status: answer.status, node: row?.[0], account: row?.[1], body: answer.body };
      };
      const consoleBefore = await consoleNode();
      expect(consoleBefore, JSON.stringify(consoleBefore.body)).toMatchObject({ status: 200, node: 'node3' });
      expect(consoleBefore.account).toMatch(/^cbc_/);
      const retriesBefore = servers.reduce((sum, server) => sum + certificationRetries(server), 0);
      const load = Promise.all([...Array.from({ length: 6 }, (_, w) => worker(w)), follower()]);
      await sleep(1500);
      await victim.kill();
      const killedAt = writes.length;
      const killedTime = Date.now();
      // Its next console statement goes to another node (at most one 503 meanwhile).
      const consoleAfter = [await consoleNode()];
      // The others' commits wait until the cluster has evicted the dead node (3 s, galera.ts).
      await sleep(5000);
      consoleAfter.push(await consoleNode());
      const ready = await fetch(`${(servers[2] as ServerProcess).url}/api/ready`);
      const readyBody = (await ready.json()) as { reason?: string };
      // The server on every node's URL is ready again once its pool has found a synced node: its
      // next connection looks again, so within seconds of the eviction, whatever the machine's load.
      let followerReady = await fetch(`${(failoverServer as ServerProcess).url}/api/ready`);
      for (let waited = 0; followerReady.status !== 200 && waited < 15_000; waited += 250) {
        await sleep(250);
        followerReady = await fetch(`${(failoverServer as ServerProcess).url}/api/ready`);
      }
      const followerReadyMs = Date.now() - killedTime;
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
          `the server on every node's URL wrote again ${followMs} ms after the kill and was ready ${followerReadyMs} ms after it ` +
          `(${followed.filter((write) => write.status === 201).length} acknowledged, ` +
          `${followed.filter((write) => write.status === 503).length} answered 503); ` +
          `its console statements after the kill: ${consoleAfter.map((answer) => `${answer.status} ${String(answer.node)}`).join(', ')}`,
      );
      expect(lost).toBe(0);
      // Its console too: never a 500, a 503 at most once, then answered by another node.
      expect(
        consoleAfter.filter((answer) => answer.status !== 200 && answer.status !== 503),
        JSON.stringify(consoleAfter),
      ).toEqual([]);
      expect(consoleAfter.filter((answer) => answer.status === 503).length).toBeLessThanOrEqual(1);
      expect(consoleAfter.at(-1), JSON.stringify(consoleAfter)).toMatchObject({ status: 200 });
      expect(consoleAfter.at(-1)?.node).not.toBe('node3');
      expect(consoleAfter.at(-1)?.account).toBe(consoleBefore.account);
    }, 150_000);

    describe('the multi-instance cases of one shared database', () => {
      multiInstanceCases(() => ({ servers, balancer, api, cookie }));
    });
  },
);
