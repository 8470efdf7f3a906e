import { expect, it } from 'vitest';
import { dialectOf } from '../../../src/db/dialect';
import { listTables } from '../../../src/services/metadata-store';
import { updateTable } from '../../../src/services/tables/update-table';
import { createTable } from '../../../src/services/tables/create-table';
import type { ColumnBody } from '../../../src/schemas/table-body';
import { SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { clearTables, physicalColumns, snapshot } from '../../helpers/physical-schema';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const now = '2024-01-01 00:00:00';

describeEachDatabase('schema changes with data ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const id = await createTable(knex, {
      name: 'parent',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'code', dataType: 'VARCHAR', length: 20, indexType: 'UNIQUE' },
        { name: 'note', dataType: 'VARCHAR', length: 50 },
        { name: 'qty', dataType: 'INT', unsigned: true },
      ] satisfies ColumnBody[],
    });
    for (const [i, name] of ['一', 'two', '三'].entries()) {
      await knex('parent').insert({
        name,
        code: `c${i}`,
        note: i === 1 ? null : `note ${i}`,
        qty: i,
        createdDate: now,
      });
    }
    await knex.schema.createTable('child', (t) => {
      t.increments('id');
      t.bigInteger('parentId')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('parent')
        .onDelete('CASCADE');
      t.string('label', 20);
    });
    for (const parentId of [1, 1, 2, 3]) await knex('child').insert({ parentId, label: `of ${parentId}` });
    const [table] = await listTables(knex, [id]);
    if (!table) throw new Error('no table');
    return { knex, table };
  };

  /** An edit that rebuilds the table on SQLite and takes many steps elsewhere. */
  const bigEdit = (table: Awaited<ReturnType<typeof setup>>['table']) => ({
    columns: [
      ...table.columns
        .filter((column) => column.name !== 'note')
        .map((column) =>
          column.name === 'code'
            ? { ...column, name: 'sku', length: 40 }
            : column.name === 'qty'
              ? { ...column, dataType: 'BIGINT' as const, unsigned: false }
              : column,
        ),
      { name: 'color', dataType: 'VARCHAR' as const, length: 10, indexType: 'INDEX' as const },
    ],
    indexs: [
      {
        name: 'skuQty',
        indexType: 'INDEX' as const,
        indexLines: [{ column: { name: 'sku' } }, { column: { name: 'qty' } }],
      },
    ],
  });

  it('rebuilds or alters the parent without touching the rows of tables that reference it', async () => {
    const { knex, table } = await setup();
    await updateTable(knex, table.id, bigEdit(table), { confirmDataLoss: true });
    expect(await knex('child').select('parentId', 'label').orderBy('id')).toEqual([
      { parentId: 1, label: 'of 1' },
      { parentId: 1, label: 'of 1' },
      { parentId: 2, label: 'of 2' },
      { parentId: 3, label: 'of 3' },
    ]);
    expect(await knex('parent').select('id', 'name', 'sku', 'qty', 'color').orderBy('id')).toEqual([
      { id: 1, name: '一', sku: 'c0', qty: 0, color: null },
      { id: 2, name: 'two', sku: 'c1', qty: 1, color: null },
      { id: 3, name: '三', sku: 'c2', qty: 2, color: null },
    ]);
    expect(Object.keys(await physicalColumns(knex, 'parent'))).not.toContain('note');
    expect(
      Object.keys(await physicalColumns(knex, 'parent')).filter((name) => name.startsWith('cb_')),
    ).toEqual([]);
    if (dialectOf(knex) === 'sqlite') {
      expect(await knex.raw('PRAGMA foreign_key_check')).toEqual([]);
      expect((await knex.raw('PRAGMA foreign_keys'))[0]).toEqual({ foreign_keys: 1 });
      await knex('parent').where('id', 3).delete();
      expect(await knex('child').where('parentId', 3).select('id')).toEqual([]);
      await knex('parent').insert({ name: 'four', createdDate: now });
      expect((await knex('parent').max({ id: 'id' }).first())?.id).toBe(4);
    }
  });

  it.each([0, 2])(
    'takes everything back when step %i fails: table, data and metadata as before',
    async (failAt) => {
      const { knex, table } = await setup();
      const before = await snapshot(knex, 'parent');
      const steps: string[] = [];
      await expect(
        updateTable(knex, table.id, bigEdit(table), {
          confirmDataLoss: true,
          hooks: {
            afterStep: (index, label) => {
              steps.push(label);
              if (index === failAt) throw new Error('injected failure');
            },
          },
        }),
      ).rejects.toThrow('injected failure');
      expect(steps).toHaveLength(failAt + 1);
      expect(await snapshot(knex, 'parent')).toEqual(before);
      expect(await knex('child').count({ n: '*' }).first()).toEqual({ n: expect.anything() });
      expect(Number((await knex('child').count({ n: '*' }).first())?.n)).toBe(4);
      await updateTable(knex, table.id, bigEdit(table), { confirmDataLoss: true });
      expect((await listTables(knex, [table.id]))[0]?.columns.map((column) => column.name)).toContain('sku');
    },
  );

  it('takes back a table creation whose later step fails', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    await expect(
      createTable(
        knex,
        {
          name: 'doomed',
          columns: [...SYSTEM_COLUMNS, { name: 'code', dataType: 'VARCHAR', indexType: 'UNIQUE' }],
        },
        {
          afterStep: (index) => {
            if (index === 1) throw new Error('injected failure');
          },
        },
      ),
    ).rejects.toThrow('injected failure');
    expect(await knex.schema.hasTable('doomed')).toBe(false);
    expect(await listTables(knex)).toEqual([]);
  });
});
