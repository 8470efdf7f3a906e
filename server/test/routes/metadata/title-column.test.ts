import { expect, it } from 'vitest';
import { createTableViaApi, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { useTestApps } from '../../helpers/test-app';
import { cleanAdmin } from '../../helpers/clean-admin';
import { describeEachDatabase } from '../../helpers/test-databases';

interface NamedColumn {
  id: number;
  name: string;
}

describeEachDatabase('the title column of a table ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = () => cleanAdmin(apps);

  it('is stored, follows its column through a rename, and is cleared when that column goes', async () => {
    const { api } = await setup();
    const created = await createTableViaApi(api, {
      name: 'album',
      caption: '专辑',
      titleColumn: 'title',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'title', caption: '标题', dataType: 'VARCHAR', length: 100 },
        { name: 'code', caption: '编码', dataType: 'VARCHAR', length: 20 },
      ],
    });
    expect(created.titleColumn).toBe('title');

    const renamed = await api.patch(`/api/metadata/tables/${created.id}`, {
      columns: created.columns.map((column: NamedColumn) =>
        column.name === 'title' ? { ...column, name: 'albumTitle' } : column,
      ),
    });
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    const afterRename = (await api.get(`/api/metadata/tables/${created.id}`)).json();
    expect(afterRename.titleColumn).toBe('albumTitle');

    const chosen = await api.patch(`/api/metadata/tables/${created.id}`, { titleColumn: 'code' });
    expect(chosen.statusCode, chosen.body).toBeLessThan(300);
    const afterChoice = (await api.get(`/api/metadata/tables/${created.id}`)).json();
    expect(afterChoice.titleColumn).toBe('code');

    const dropped = await api.patch(`/api/metadata/tables/${created.id}`, {
      columns: afterChoice.columns.filter((column: NamedColumn) => column.name !== 'code'),
    });
    expect(dropped.statusCode, dropped.body).toBeLessThan(300);
    expect((await api.get(`/api/metadata/tables/${created.id}`)).json().titleColumn).toBeNull();
  });

  it('refuses a title column the table does not have, or a password, and changes nothing', async () => {
    const { api } = await setup();
    const created = await createTableViaApi(api, {
      name: 'member',
      caption: '会员',
      columns: [...SYSTEM_COLUMNS, { name: 'secret', caption: '密码', dataType: 'PASSWORD' }],
    });
    expect(created.titleColumn).toBeNull();

    const unknown = await api.patch(`/api/metadata/tables/${created.id}`, { titleColumn: 'nickname' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('titleColumn');
    expect(unknown.body).toContain('nickname');

    const password = await api.patch(`/api/metadata/tables/${created.id}`, { titleColumn: 'secret' });
    expect(password.statusCode).toBe(400);

    const refusedCreate = await api.post('/api/metadata/tables', {
      name: 'ghost',
      caption: '幽灵',
      titleColumn: 'missing',
      columns: SYSTEM_COLUMNS,
    });
    expect(refusedCreate.statusCode).toBe(400);
    const names = (await api.get('/api/metadata/tables?limit=100'))
      .json()
      .map((t: { name: string }) => t.name);
    expect(names).not.toContain('ghost');
    expect((await api.get(`/api/metadata/tables/${created.id}`)).json().titleColumn).toBeNull();
  });
});
