import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgbouncerInstalled, pgbouncerSkipNote, startPgBouncer } from '../../../test-support/pgbouncer';
import type { DataSourceConfig } from '../../src/config';
import { freePort, startServerProcess } from '../helpers/server-process';
import { describeEachDatabase, type TestEnvironment } from '../helpers/test-databases';

/** Starts a server on `connection` and returns what it printed before it stopped (it must stop). */
const refusedStart = async (connection: string, dataDir: string): Promise<string> => {
  const started = await startServerProcess(await freePort(), {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'Pooler-admin-Pass-1',
    DATA_SOURCES: JSON.stringify([{ name: 'primary', client: 'pg', connection }]),
  }).then(
    async (server) => {
      await server.kill();
      return undefined;
    },
    (error: unknown) => (error as Error).message,
  );
  expect(started, 'the server started behind the pooler').toBeDefined();
  return started ?? '';
};

describe.skipIf(!pgbouncerInstalled)(`behind PgBouncer${pgbouncerSkipNote}`, () => {
  describeEachDatabase(
    'crudboard refuses to start, saying why ($name)',
    (db) => {
      let env: TestEnvironment;
      let dataDir: string;
      let upstream: string;
      beforeAll(async () => {
        env = await db.create();
        upstream = (env.config().dataSources[0] as DataSourceConfig).connection;
        dataDir = mkdtempSync(join(tmpdir(), 'crudboard-pooler-'));
      });
      afterAll(async () => {
        await env?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      });

      it('in transaction pooling, which refuses the startup option that pins the search path', async () => {
        const bouncer = await startPgBouncer({ upstream, poolMode: 'transaction' });
        try {
          const output = await refusedStart(bouncer.url, dataDir);
          expect(output).toMatch(/failed to start/);
          expect(output).toMatch(/PgBouncer/);
          expect(output).toMatch(/connect crudboard to PostgreSQL directly/);
        } finally {
          await bouncer.remove();
        }
      }, 90_000);

      it('in transaction pooling told to ignore the option: the search path did not arrive', async () => {
        const bouncer = await startPgBouncer({
          upstream,
          poolMode: 'transaction',
          ignoreStartupParameters: ['options', 'extra_float_digits'],
        });
        try {
          const output = await refusedStart(bouncer.url, dataDir);
          expect(output).toMatch(/did not start with the search path crudboard sets/);
          expect(output).toMatch(/connect crudboard to PostgreSQL directly/);
        } finally {
          await bouncer.remove();
        }
      }, 90_000);
    },
    (db) => db.name === 'pg',
  );
});
