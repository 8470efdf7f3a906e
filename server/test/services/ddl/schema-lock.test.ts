import type { Knex } from 'knex';
import { afterEach, expect, it } from 'vitest';
import type { DataSourceConfig } from '../../../src/config';
import { createKnex } from '../../../src/db/create-knex';
import { keyDatabaseLocks } from '../../../src/db/lock-key';
import { listTables } from '../../../src/services/metadata-store';
import { createTable } from '../../../src/services/tables/create-table';
import { updateTable } from '../../../src/services/tables/update-table';
import type { ColumnBody } from '../../../src/schemas/table-body';
import { SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { physicalColumns } from '../../helpers/physical-schema';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A change that stops after its first DDL step until `release` is called. */
const held = () => {
  let reached!: () => void;
  let release!: () => void;
  const atStep = new Promise<void>((done) => (reached = done));
  const released = new Promise<void>((done) => (release = done));
  return {
    hooks: {
      afterStep: async (index: number) => {
        if (index > 0) return;
        reached();
        await released;
      },
    },
    atStep,
    release,
  };
};

const settled = <T>(promise: Promise<T>) => {
  const state = { done: false };
  promise.then(
    () => (state.done = true),
    () => (state.done = true),
  );
  return state;
};

describeEachDatabase(
  'schema changes of two servers on one database take turns ($name)',
  (db) => {
    const apps = useTestApps(db);
    const pools: Knex[] = [];
    afterEach(async () => {
      await Promise.all(pools.splice(0).map((pool) => pool.destroy()));
    });
    let tables = 0;

    /** Two pools on the file's database, standing for two servers, and a fresh table. */
    const setup = async (extra: ColumnBody[] = []) => {
      const app = await apps.build();
      const a = app.dataSources.primary.knex;
      const b = createKnex(apps.config().dataSources[0] as DataSourceConfig);
      pools.push(b);
      // As another server does at start-up: its locks are keyed by the database's secret.
      await keyDatabaseLocks(a, [b]);
      tables += 1;
      const name = `shelf${tables}`;
      const id = await createTable(a, { name, columns: [...SYSTEM_COLUMNS, ...extra] });
      const read = async (knex: Knex) => {
        const [table] = await listTables(knex, [id]);
        if (!table) throw new Error('no table');
        return table;
      };
      return { a, b, id, read };
    };

    it('a change on B waits for A’s to end, then applies to what A left: metadata agrees with the table', async () => {
      const { a, b, id, read } = await setup([{ name: 'label', dataType: 'VARCHAR', length: 40 }]);
      const before = await read(b);
      const resize = (length: number) =>
        before.columns.map((column) => (column.name === 'label' ? { ...column, length } : column));

      const first = held();
      const onA = updateTable(a, id, { columns: resize(50) }, { hooks: first.hooks });
      await first.atStep;
      const onB = updateTable(b, id, { columns: resize(80) });
      const state = settled(onB);
      await pause(400);
      expect(state.done).toBe(false);
      first.release();
      await onA;
      await onB;

      const after = await read(a);
      const label = after.columns.find((column) => column.name === 'label');
      expect(label?.length).toBe(80);
      expect((await physicalColumns(a, after.tableName)).label).toContain('(80)');
    });

    it('a column added on B while A renames the table lands on the renamed table', async () => {
      const { a, b, id, read } = await setup();
      const before = await read(b);
      const renamed = `${before.tableName}_moved`;

      const first = held();
      const onA = updateTable(a, id, { tableName: renamed }, { hooks: first.hooks });
      await first.atStep;
      // B asks from what it read before A's change committed.
      const onB = updateTable(b, id, {
        columns: [...before.columns, { name: 'shelfNo', dataType: 'VARCHAR', length: 10 }],
      });
      await pause(200);
      first.release();
      await onA;
      await expect(onB).resolves.toBeUndefined();

      const after = await read(a);
      expect(after.tableName).toBe(renamed);
      const metadata = after.columns.map((column) => column.name).sort();
      expect(metadata).toContain('shelfNo');
      expect(Object.keys(await physicalColumns(a, renamed)).sort()).toEqual(metadata);
    });
  },
  (db) => db.name !== 'sqlite',
);
