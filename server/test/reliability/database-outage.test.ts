import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { DataSourceConfig } from '../../src/config';
import { createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { startTcpProxy } from '../helpers/tcp-proxy';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase, testDatabases } from '../helpers/test-databases';

const sqlite = testDatabases().filter((db) => db.name === 'sqlite');

/**
 * Another process that opens the SQLite file and holds its write lock (BEGIN IMMEDIATE) until
 * `release` is called, as a backup or a script writing to the database would.
 */
const holdWriteLock = async (file: string) => {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    db.prepare("UPDATE ticket SET name = 'held' WHERE 0").run();
    process.stdout.write('locked\\n');
    process.stdin.once('data', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });
  `;
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['-e', script, file], {
    cwd: process.cwd(),
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code}): ${output}`)));
  });
  return {
    release: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.stdin.write('release\\n');
      await exited;
    },
  };
};

describe.each(sqlite)('another process holds the database write lock ($name)', (db) => {
  const apps = useTestApps(db);

  it('reads go on, writes answer 503 DATABASE_BUSY and change nothing, and succeed once it lets go', async () => {
    const config = apps.config();
    const file = config.dataSources[0]?.connection;
    if (!file) throw new Error('no primary data source');
    const app = await apps.build({}, config);
    const api = apiClient(app, (await login(app)).cookie);
    await createTable(api, { name: 'ticket', columns: SYSTEM_COLUMNS });
    expect((await api.post('/api/business/ticket', { name: 'before' })).statusCode).toBe(201);

    const lock = await holdWriteLock(file);
    try {
      // WAL: readers are not held up by a writer.
      const read = await api.get('/api/business/ticket?limit=10');
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().map((row: { name: string }) => row.name)).toEqual(['before']);
      // The write waits for the busy timeout, then gives up without writing.
      const write = await api.post('/api/business/ticket', { name: 'during' });
      expect(write.statusCode, write.body).toBe(503);
      expect(write.json()).toMatchObject({
        code: 'DATABASE_BUSY',
        message: '数据库正忙，本次操作未生效，请稍后重试',
      });
      expect(write.headers['retry-after']).toBe('2');
    } finally {
      await lock.release();
    }

    expect((await api.post('/api/business/ticket', { name: 'after' })).statusCode).toBe(201);
    const names = (await api.get('/api/business/ticket?limit=10'))
      .json()
      .map((row: { name: string }) => row.name);
    expect(names.sort()).toEqual(['after', 'before']);
  }, 30_000);
});

/** The same data source, reached through a relay on another port. */
const throughProxy = (source: DataSourceConfig, port: number): DataSourceConfig => {
  const url = new URL(source.connection);
  url.port = String(port);
  return { ...source, connection: url.toString() };
};

describeEachDatabase(
  'the database goes away and comes back ($name)',
  (db) => {
    const apps = useTestApps(db);

    it('answers 503 with a clear message while it is away, changes nothing, and recovers by itself', async () => {
      const config = apps.config();
      const primary = config.dataSources[0];
      if (!primary) throw new Error('no primary data source');
      const target = new URL(primary.connection);
      const proxy = await startTcpProxy(target.hostname, Number(target.port));
      try {
        const app = await apps.build({}, { ...config, dataSources: [throughProxy(primary, proxy.port)] });
        const api = apiClient(app, (await login(app)).cookie);
        await createTable(api, { name: 'ticket', columns: SYSTEM_COLUMNS });
        expect((await api.post('/api/business/ticket', { name: 'before' })).statusCode).toBe(201);

        await proxy.cut();
        const during = await Promise.all([
          ...Array.from({ length: 16 }, () => api.get('/api/business/ticket?limit=10')),
          api.get('/api/business/ticket/count'),
          api.post('/api/business/ticket', { name: 'during' }),
        ]);
        for (const response of during) {
          expect(response.statusCode, response.body).toBe(503);
          expect(response.json()).toMatchObject({
            code: 'DATABASE_UNAVAILABLE',
            message: '数据库暂时无法连接，请稍后重试',
          });
          expect(response.headers['retry-after']).toBe('5');
        }

        await proxy.restore();
        let back = await api.get('/api/business/ticket?limit=10');
        // A pooled connection that died with the outage may fail once more before it is replaced.
        for (let attempt = 0; attempt < 5 && back.statusCode === 503; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          back = await api.get('/api/business/ticket?limit=10');
        }
        expect(back.statusCode, back.body).toBe(200);
        expect(back.json().map((row: { name: string }) => row.name)).toEqual(['before']);
        expect((await api.post('/api/business/ticket', { name: 'after' })).statusCode).toBe(201);
        expect((await api.get('/api/business/ticket/count')).json()).toBe(2);
      } finally {
        await proxy.restore().catch(() => undefined);
        await proxy.cut();
      }
    });
  },
  (db) => db.name !== 'sqlite',
);
