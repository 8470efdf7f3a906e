import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUPER_ADMIN_ROLE } from '../../../contract/index';
import type { DataSourceConfig } from '../../src/config';
import { METADATA_MIGRATIONS, SYSTEM_MIGRATIONS } from '../../src/db/migrate';
import { MIGRATION_TABLES, SYSTEM } from '../../src/db/table-names';
import { freePort, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { describeEachDatabase, type TestEnvironment } from '../helpers/test-databases';

const INSTANCES = 3;

describeEachDatabase(
  'several servers starting at once on one database ($name)',
  (db) => {
    let env: TestEnvironment;
    let dataDir: string;
    beforeAll(async () => {
      env = await db.create();
      dataDir = mkdtempSync(join(tmpdir(), 'crudboard-instances-'));
    });
    afterAll(async () => {
      await env?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(`all ${INSTANCES} start; each migration is applied once and one super admin is created`, async () => {
      const primary = env.config().dataSources[0] as DataSourceConfig;
      const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
      // No ADMIN_PASSWORD: the server that creates the first admin prints its generated password.
      const started = await Promise.allSettled(
        ports.map((port) =>
          startServerProcess(port, {
            DATA_DIR: dataDir,
            ADMIN_PASSWORD: '',
            DATA_SOURCES: JSON.stringify([
              { name: 'primary', client: db.name, connection: primary.connection },
            ]),
          }),
        ),
      );
      const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      try {
        const failures = started.flatMap((result) =>
          result.status === 'rejected' ? [String((result.reason as Error).message)] : [],
        );
        expect(failures).toEqual([]);
        expect(servers).toHaveLength(INSTANCES);
        const announced = servers.filter((server: ServerProcess) =>
          server.output().includes('Created the account "superadmin"'),
        );
        expect(announced).toHaveLength(1);

        const inspect = knex({
          client: db.name === 'pg' ? 'pg' : 'mysql2',
          connection: primary.connection,
          pool: { min: 0, max: 1 },
        });
        try {
          const applied = async (table: string) =>
            ((await inspect(table).select('name').orderBy('id')) as { name: string }[]).map(
              (row) => row.name,
            );
          expect(await applied(MIGRATION_TABLES.metadata)).toEqual(METADATA_MIGRATIONS.map((m) => m.name));
          expect(await applied(MIGRATION_TABLES.system)).toEqual(SYSTEM_MIGRATIONS.map((m) => m.name));
          // The extensions' migrations too (the activity feed is enabled).
          expect(await applied('cb_ext_activity_migrations')).toEqual([
            'activity-001-table',
            'activity-002-data-source',
          ]);
          const users = await inspect(SYSTEM.user).select('username');
          expect(users).toEqual([{ username: 'superadmin' }]);
          const roles = await inspect(SYSTEM.role).where('code', SUPER_ADMIN_ROLE).select('id');
          expect(roles).toHaveLength(1);
          expect(await inspect(SYSTEM.userRole).select('userId')).toHaveLength(1);
        } finally {
          await inspect.destroy();
        }
      } finally {
        await Promise.all(servers.map((server) => server.kill()));
      }
    }, 60_000);
  },
  (db) => db.name !== 'sqlite',
);
