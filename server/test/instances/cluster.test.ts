import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { DataSourceConfig } from '../../src/config';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy';
import { freePort, signIn, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { describeEachDatabase, type TestEnvironment } from '../helpers/test-databases';
import { client, multiInstanceCases, type Client } from './multi-instance-cases';

const INSTANCES = 3;
const PASSWORD = 'Cluster-admin-Pass-1';

describeEachDatabase(
  `${INSTANCES} servers on one database behind a round-robin balancer ($name)`,
  (db) => {
    let env: TestEnvironment;
    let dataDir: string;
    let servers: ServerProcess[] = [];
    let balancer: RoundRobinProxy;
    let api: Client;
    let cookie: string;

    beforeAll(async () => {
      env = await db.create();
      dataDir = mkdtempSync(join(tmpdir(), 'crudboard-cluster-'));
      const primary = env.config().dataSources[0] as DataSourceConfig;
      const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
      servers = await Promise.all(
        ports.map((port) =>
          startServerProcess(port, {
            DATA_DIR: dataDir,
            ADMIN_PASSWORD: PASSWORD,
            LOG_LEVEL: 'warn',
            DATA_SOURCES: JSON.stringify([
              { name: 'primary', client: db.name, connection: primary.connection },
            ]),
          }),
        ),
      );
      balancer = await startRoundRobinProxy(servers.map((server) => server.url));
      cookie = await signIn(balancer.url, PASSWORD);
      api = client(balancer.url, cookie);
    }, 120_000);

    afterAll(async () => {
      await balancer?.close();
      await Promise.all(servers.map((server) => server.kill()));
      await env?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    multiInstanceCases(() => ({ servers, balancer, api, cookie }));
  },
  (db) => db.name !== 'sqlite',
);
