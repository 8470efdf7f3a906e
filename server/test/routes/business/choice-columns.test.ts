import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { multipartBody } from '../../helpers/multipart';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { cleanAdmin } from '../../helpers/clean-admin';
import { ADMIN_PASSWORD, login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const CATEGORY_OPTIONS = [
  { value: 'classic', captions: { 'zh-CN': '经典', 'en-US': 'Classic' }, color: 'gold' },
  { value: 'scifi', captions: { 'zh-CN': '科幻', 'en-US': 'Science fiction' }, color: '#1677ff' },
  { value: 'literature', captions: { 'zh-CN': '文学' } },
];
const TAG_OPTIONS = [{ value: 'new' }, { value: 'hot', color: 'red' }, { value: 'signed' }];

const BOOK = {
  name: 'book',
  caption: '图书',
  columns: [
    ...SYSTEM_COLUMNS,
    { name: 'category', caption: '类别', dataType: 'VARCHAR', length: 50, options: CATEGORY_OPTIONS },
    {
      name: 'tags',
      caption: '标签',
      dataType: 'VARCHAR',
      length: 100,
      multipleValue: true,
      options: TAG_OPTIONS,
    },
  ],
};

interface StoredColumn {
  name: string;
  options: unknown;
  multipleValue: boolean;
}

const workbook = async (rows: ExcelJS.CellValue[][]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

const upload = (app: App, cookie: string, url: string, file: Buffer) => {
  const { payload, headers } = multipartBody([{ name: 'file', value: file, filename: 'books.xlsx' }]);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie } });
};

const exportedRows = async (app: App, cookie: string, language: string): Promise<unknown[][]> => {
  const asked = await app.inject({
    method: 'POST',
    url: '/api/business/book/export?select=name,category,tags&orderby=name',
    headers: { cookie, 'accept-language': language },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const file = await app.inject({ method: 'GET', url: asked.body, headers: { cookie } });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describeEachDatabase('choice columns ($name)', (db) => {
  const apps = useTestApps(db);

  it('keeps the options in the metadata, through an edit and an export / import', async () => {
    const { api } = await cleanAdmin(apps);
    const created = await createTableViaApi(api, BOOK);
    const column = (table: { columns: StoredColumn[] }, name: string) =>
      table.columns.find((candidate) => candidate.name === name);
    expect(column(created, 'category')?.options).toEqual(CATEGORY_OPTIONS);
    expect(column(created, 'tags')).toMatchObject({ multipleValue: true, options: TAG_OPTIONS });
    expect(column(created, 'name')?.options).toBeNull();

    const edited = await api.patch(`/api/metadata/tables/${created.id}`, {
      columns: created.columns.map((entry: StoredColumn) =>
        entry.name === 'category'
          ? { ...entry, options: [...CATEGORY_OPTIONS, { value: 'poetry', captions: { 'en-US': 'Poetry' } }] }
          : entry,
      ),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stored = (await api.get(`/api/metadata/tables/${created.id}`)).json();
    expect((column(stored, 'category')?.options as { value: string }[]).map((o) => o.value)).toEqual([
      'classic',
      'scifi',
      'literature',
      'poetry',
    ]);

    const exported = await api.post('/api/metadata/tables/export', [created.id]);
    expect(exported.statusCode).toBe(201);
    const app = await apps.build();
    const { cookie } = await login(app);
    const bundle = (await app.inject({ method: 'GET', url: exported.body, headers: { cookie } })).json();
    const fresh = await db.create();
    try {
      const other = await apps.build({}, fresh.config({ adminPassword: ADMIN_PASSWORD }));
      const otherApi = apiClient(other, (await login(other)).cookie);
      const imported = await otherApi.post('/api/metadata/tables/import', bundle);
      expect(imported.statusCode, imported.body).toBe(201);
      const copy = (await otherApi.get('/api/metadata/tables/name/book')).json();
      expect(column(copy, 'category')?.options).toEqual(column(stored, 'category')?.options);
      expect(column(copy, 'tags')).toMatchObject({ multipleValue: true, options: TAG_OPTIONS });
    } finally {
      await fresh.drop();
    }
  });

  it('refuses option lists that break the rule, naming the problem, and creates nothing', async () => {
    const { api } = await cleanAdmin(apps);
    const bad = async (options: unknown, extra: Record<string, unknown> = {}) => {
      const response = await api.post('/api/metadata/tables', {
        name: 'badBook',
        columns: [
          ...SYSTEM_COLUMNS,
          { name: 'category', dataType: 'VARCHAR', length: 20, options, ...extra },
        ],
      });
      expect(response.statusCode).toBe(400);
      return response.json().errors as Record<string, string>;
    };
    expect((await bad([{ value: 'a' }, { value: 'a' }]))['columns.9.options']).toContain('a');
    expect((await bad([{ value: '  ' }]))['columns.9.options']).toBeTruthy();
    expect((await bad([{ value: 'a,b' }], { multipleValue: true }))['columns.9.options']).toContain('a,b');
    expect((await bad([{ value: 'a', color: 'not a colour' }]))['columns.9.options']).toBeTruthy();
    expect((await bad([{ value: 'x'.repeat(30) }]))['columns.9.length']).toBeTruthy();
    expect(
      (await bad([{ value: '1' }], { dataType: 'INT', length: null }))['columns.9.options'],
    ).toBeTruthy();
    expect((await bad([{ value: 'a' }], { defaultValue: 'b' }))['columns.9.defaultValue']).toContain('b');
    const names = (await api.get('/api/metadata/tables?limit=100'))
      .json()
      .map((t: { name: string }) => t.name);
    expect(names).not.toContain('badBook');
  });

  it('writes allowed values and answers 400 naming the column and the allowed values for others', async () => {
    const { api } = await cleanAdmin(apps);
    await createTableViaApi(api, BOOK);

    const ok = await api.post('/api/business/book', {
      name: 'Dune',
      category: 'scifi',
      tags: ['hot', 'new'],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json();
    expect((await api.get(`/api/business/book/${id}`)).json()).toMatchObject({
      category: 'scifi',
      tags: 'hot,new',
    });
    const listed = await api.post('/api/business/book', {
      name: 'Odes',
      category: 'literature',
      tags: 'signed',
    });
    expect(listed.statusCode, listed.body).toBe(201);

    const refused = await api.post('/api/business/book', { name: 'Nope', category: '科幻' });
    expect(refused.statusCode).toBe(400);
    const body = refused.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors.category).toContain('类别');
    expect(body.errors.category).toContain('科幻');
    expect(body.errors.category).toContain('classic, scifi, literature');

    const english = await api.post('/api/business/book', { name: 'Nope', tags: 'hot,cold' });
    expect(english.statusCode).toBe(400);
    expect(english.json().errors.tags).toContain('cold');

    const single = await api.post('/api/business/book', { name: 'Nope', category: ['scifi', 'classic'] });
    expect(single.statusCode).toBe(400);
    expect(single.json().errors.category).toContain('classic, scifi, literature');

    const update = await api.patch(`/api/business/book/${id}`, { category: 'cooking', name: 'Changed' });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors.category).toContain('cooking');
    expect((await api.get(`/api/business/book/${id}`)).json()).toMatchObject({
      name: 'Dune',
      category: 'scifi',
    });

    const names = (await api.get('/api/business/book?limit=100')).json().map((r: { name: string }) => r.name);
    expect(names.sort()).toEqual(['Dune', 'Odes']);

    const filtered = async (query: string) =>
      (await api.get(`/api/business/book?${query}&orderby=name`)).json().map((r: { name: string }) => r.name);
    expect(await filtered('tags=new')).toEqual(['Dune']);
    expect(await filtered('tags=hot,signed')).toEqual(['Dune', 'Odes']);
    expect(await filtered('tags=ne')).toEqual([]);
    expect(await filtered('category=scifi,literature')).toEqual(['Dune', 'Odes']);

    const cleared = await api.patch(`/api/business/book/${id}`, { category: null, tags: [] });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await api.get(`/api/business/book/${id}`)).json()).toMatchObject({ category: null, tags: null });
  });

  it('exports captions in the UI language and imports values or captions of either language', async () => {
    const { app, api, cookie } = await cleanAdmin(apps);
    await createTableViaApi(api, BOOK);
    expect(
      (await api.post('/api/business/book', { name: 'Dune', category: 'scifi', tags: 'hot,new' })).statusCode,
    ).toBe(201);
    expect((await api.post('/api/business/book', { name: 'Odes', category: 'literature' })).statusCode).toBe(
      201,
    );

    expect(await exportedRows(app, cookie, 'zh-CN')).toEqual([
      ['名称', '类别', '标签'],
      ['Dune', '科幻', 'hot,new'],
      ['Odes', '文学'],
    ]);
    expect((await exportedRows(app, cookie, 'en-US'))[1]).toEqual(['Dune', 'Science fiction', 'hot,new']);

    const good = await upload(
      app,
      cookie,
      '/api/business/book/import',
      await workbook([
        ['名称', '类别', '标签'],
        ['By value', 'classic', 'signed'],
        ['By Chinese caption', '经典', 'hot，new'],
        ['By English caption', 'science fiction', null],
      ]),
    );
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json()).toMatchObject({ inserted: 3, failed: [] });
    const stored = (await api.get('/api/business/book?orderby=name&select=name,category,tags')).json();
    expect(stored.map((r: Record<string, unknown>) => [r.name, r.category, r.tags])).toEqual([
      ['By Chinese caption', 'classic', 'hot,new'],
      ['By English caption', 'scifi', null],
      ['By value', 'classic', 'signed'],
      ['Dune', 'scifi', 'hot,new'],
      ['Odes', 'literature', null],
    ]);

    const bad = await upload(
      app,
      cookie,
      '/api/business/book/import',
      await workbook([
        ['名称', '类别', '标签'],
        ['Fine', '文学', null],
        ['Wrong', 'Cooking', null],
        ['Wrong tag', '经典', 'hot,cold'],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    const failed = bad.json().failed as { row: number; column: string; message: string }[];
    expect(failed.map((f) => [f.row, f.column])).toEqual([
      [3, '类别'],
      [4, '标签'],
    ]);
    expect(failed[0]?.message).toContain('Cooking');
    expect(failed[0]?.message).toContain('classic, scifi, literature');
    expect(failed[1]?.message).toContain('cold');
    const names = (await api.get('/api/business/book?limit=100')).json().map((r: { name: string }) => r.name);
    expect(names).not.toContain('Fine');
  });
});
