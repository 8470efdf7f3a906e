import { expect, it } from 'vitest';
import { SHARED_STATE } from '../../../src/db/table-names';
import { runSchemaChange } from '../../../src/services/ddl/run-schema-change';
import { withSchemaChange } from '../../../src/services/ddl/schema-lock';
import { listTables } from '../../../src/services/metadata-store';
import { createTable } from '../../../src/services/tables/create-table';
import { tableDefFromStored } from '../../../src/services/tables/table-def-from-body';
import { updateTable } from '../../../src/services/tables/update-table';
import { SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { clearTables, physicalColumns } from '../../helpers/physical-schema';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase, itOn } from '../../helpers/test-databases';

/** What MySQL / MariaDB throw for a deadlock victim, and a Galera node for a lost certification. */
const conflict = () =>
  Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), {
    errno: 1213,
    code: 'ER_LOCK_DEADLOCK',
  });

describeEachDatabase('schema changes that lose to a concurrent transaction ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const id = await createTable(knex, { name: 'bin', columns: SYSTEM_COLUMNS });
    const [table] = await listTables(knex, [id]);
    if (!table) throw new Error('no table');
    return { knex, table };
  };

  it('a change of metadata alone is run again as a whole', async () => {
    const { knex } = await setup();
    let runs = 0;
    const written = await withSchemaChange(knex, async () => {
      runs += 1;
      return runSchemaChange(knex, {
        ops: [],
        writeMetadata: async () => {
          if (runs < 3) throw conflict();
          return 'written';
        },
      });
    });
    expect(written).toBe('written');
    expect(runs).toBe(3);
  });

  it('one that lost after a statement was applied: on MySQL it is taken back and answered as it failed; in one transaction elsewhere, run again', async () => {
    const { knex, table } = await setup();
    const before = await physicalColumns(knex, 'bin');
    const steps: string[] = [];
    const edit = updateTable(
      knex,
      table.id,
      { columns: [...table.columns, { name: 'extra', dataType: 'INT' }] },
      {
        hooks: {
          afterStep: (_, label) => {
            steps.push(label);
            if (steps.length === 1) throw conflict();
          },
        },
      },
    );
    if (db.name === 'mysql') {
      // The column was added, then dropped again: running the change again is not "nothing done".
      await expect(edit).rejects.toMatchObject({ errno: 1213 });
      expect(steps).toEqual(['addColumn']);
      expect(await physicalColumns(knex, 'bin')).toEqual(before);
      expect(Number((await knex(SHARED_STATE.schemaJournal).count({ n: '*' }).first())?.n)).toBe(0);
    } else {
      // One transaction, rolled back whole: the change ran again and is there once.
      await edit;
      expect(steps.filter((label) => label === steps[0])).toHaveLength(2);
      expect(Object.keys(await physicalColumns(knex, 'bin'))).toContain('extra');
    }
    const [stored] = await listTables(knex, [table.id]);
    expect(stored?.columns.some((column) => column.name === 'extra')).toBe(db.name !== 'mysql');
  });

  itOn(db, 'mysql')(
    'MySQL: a metadata transaction that lost after its statements were applied is run again on its own',
    async () => {
      const { knex, table } = await setup();
      const model = await createTable(knex, {
        name: 'model',
        columns: [...SYSTEM_COLUMNS, { name: 'extra', dataType: 'INT' }],
      });
      const [modelTable] = await listTables(knex, [model]);
      const extra = tableDefFromStored(modelTable as NonNullable<typeof modelTable>).columns.find(
        (column) => column.name === 'extra',
      );
      if (!extra) throw new Error('no column');
      let runs = 0;
      let writes = 0;
      const steps: string[] = [];
      await withSchemaChange(knex, async () => {
        runs += 1;
        return runSchemaChange(
          knex,
          {
            ops: [{ kind: 'addColumn', table: 'bin', column: extra }],
            writeMetadata: async () => {
              writes += 1;
              if (writes < 3) throw conflict();
            },
          },
          { afterStep: (_, label) => void steps.push(label) },
        );
      });
      expect({ runs, writes, steps }).toEqual({ runs: 1, writes: 3, steps: ['addColumn'] });
      expect(Object.keys(await physicalColumns(knex, table.tableName))).toContain('extra');
    },
    30_000,
  );
});
