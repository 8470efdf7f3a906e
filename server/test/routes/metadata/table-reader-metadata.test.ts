import { expect, it } from 'vitest';
import { SYSTEM } from '../../../src/db/table-names';
import { createRelation, createTable } from '../../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';
import { bareApp } from '../../helpers/clean-admin';

const PASSWORD = 'Clerk-pass-1';
const CLERK = 'business:book:read,business:loan:read,business:loan:create,business:loan:update';

describeEachDatabase("a table's readers read its metadata ($name)", (db) => {
  const apps = useTestApps(db);

  const setup = async () => {
    const { app, knex } = await bareApp(apps);
    const admin = apiClient(app, (await login(app)).cookie);
    const book = await createTable(admin, {
      name: 'book',
      caption: '图书',
      columns: [...SYSTEM_COLUMNS, { name: 'price', dataType: 'INT' }],
    });
    const member = await createTable(admin, { name: 'member', columns: SYSTEM_COLUMNS });
    const loan = await createTable(admin, {
      name: 'loan',
      caption: '借阅',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'bookId', dataType: 'BIGINT' },
        { name: 'memberId', dataType: 'BIGINT' },
        { name: 'note', dataType: 'VARCHAR', length: 50 },
        { name: 'noteBookId', dataType: 'BIGINT' },
      ],
    });
    const id = (table: typeof loan, name: string) => table.columns.find((c) => c.name === name)?.id;
    for (const [name, from, to] of [
      ['book', 'bookId', book],
      ['member', 'memberId', member],
      ['noteBook', 'noteBookId', book],
    ] as const)
      await createRelation(knex, {
        name,
        relationType: 'ManyToOne',
        from: loan,
        fromColumn: from,
        to,
        toColumn: 'id',
      });
    await createUser(app, { username: 'clerk', password: PASSWORD, roles: { ROLE_CLERK: CLERK } });
    await createUser(app, {
      username: 'stranger',
      password: PASSWORD,
      roles: { ROLE_OTHER: 'business:member:read' },
    });
    const roleId = (await knex(SYSTEM.role).where('code', 'ROLE_CLERK').first()).id;
    const hidden = [
      { columnId: id(loan, 'note'), read: false, update: false },
      { columnId: id(loan, 'noteBookId'), read: false, update: false },
    ];
    expect(
      (
        await admin.post('/api/business/tablePermission', {
          tableId: loan.id,
          roleId,
          columns: JSON.stringify(hidden),
        })
      ).statusCode,
    ).toBe(201);
    const body = JSON.stringify(
      ['bookId', 'note', 'memberId'].map((name) => ({ columnId: id(loan, name), width: 8 })),
    );
    expect(
      (
        await admin.post('/api/business/tableFormBuilder', {
          tableId: loan.id,
          device: 'pc',
          type: 'update',
          body,
        })
      ).statusCode,
    ).toBe(201);
    for (const column of ['bookId', 'note'])
      expect(
        (
          await admin.post('/api/business/columnExtProperty', {
            tableId: loan.id,
            columnId: id(loan, column),
            key: 'valueDialog',
            value: JSON.stringify({ name: column, url: 'https://example.com/pick' }),
          })
        ).statusCode,
      ).toBe(201);
    const clerk = apiClient(app, (await login(app, 'clerk', PASSWORD)).cookie);
    const stranger = apiClient(app, (await login(app, 'stranger', PASSWORD)).cookie);
    return { admin, clerk, stranger, loan };
  };

  it('answers the clerk the table, its relations and its screen settings without the hidden columns', async () => {
    const { admin, clerk, loan } = await setup();
    const table = await clerk.get('/api/metadata/tables/name/loan');
    expect(table.statusCode, table.body).toBe(200);
    const names = (table.json() as { columns: { name: string }[] }).columns.map((column) => column.name);
    expect(names).toEqual(expect.arrayContaining(['id', 'name', 'bookId', 'memberId']));
    expect(names).not.toContain('note');
    expect(names).not.toContain('noteBookId');
    const full = (await admin.get('/api/metadata/tables/name/loan')).json() as {
      columns: { name: string }[];
    };
    expect(full.columns.map((column) => column.name)).toContain('note');
    expect((await clerk.get('/api/metadata/tables/name/book')).statusCode).toBe(200);

    const relations = await clerk.get('/api/metadata/tablerelations/fromTable/name/loan');
    expect(relations.statusCode, relations.body).toBe(200);
    // member is described (its records show by key) though the clerk may not read that table
    expect((relations.json() as { name: string }[]).map((relation) => relation.name)).toEqual([
      'book',
      'member',
    ]);
    expect((await admin.get('/api/metadata/tablerelations/fromTable/name/loan')).json()).toHaveLength(3);
    expect((await clerk.get('/api/metadata/tables/name/member')).statusCode).toBe(403);

    const screen = await clerk.get('/api/metadata/tables/name/loan/screen');
    expect(screen.statusCode, screen.body).toBe(200);
    const noteId = (full.columns as { id: number; name: string }[]).find((c) => c.name === 'note')?.id;
    const settings = screen.json() as {
      formBuilders: { body: string }[];
      extProperties: { columnId: number }[];
    };
    expect(settings.formBuilders).toHaveLength(1);
    const items = JSON.parse(settings.formBuilders[0]?.body ?? '[]') as { columnId: number }[];
    expect(items.map((item) => item.columnId)).toHaveLength(2);
    expect(items.map((item) => item.columnId)).not.toContain(noteId);
    expect(settings.extProperties.map((property) => property.columnId)).toEqual([
      loan.columns.find((c) => c.name === 'bookId')?.id,
    ]);
    const all = (await admin.get('/api/metadata/tables/name/loan/screen')).json() as typeof settings;
    expect(all.extProperties).toHaveLength(2);
    expect(JSON.parse(all.formBuilders[0]?.body ?? '[]')).toHaveLength(3);
  });

  it('refuses those who may not read the table, and keeps the rest of the metadata API to metadata rights', async () => {
    const { clerk, stranger } = await setup();
    for (const url of [
      '/api/metadata/tables/name/loan',
      '/api/metadata/tables/name/loan/screen',
      '/api/metadata/tablerelations/fromTable/name/loan',
      '/api/metadata/tables/name/nosuchtable',
    ])
      expect((await stranger.get(url)).statusCode, url).toBe(403);
    // the clerk's unknown name is refused as well: no word on which tables exist
    expect((await clerk.get('/api/metadata/tables/name/nosuchtable')).statusCode).toBe(403);
    for (const url of ['/api/metadata/tables', '/api/metadata/tablerelations', '/api/metadata/tables/export'])
      expect((await clerk.get(url)).statusCode, url).toBe(403);
  });
});
