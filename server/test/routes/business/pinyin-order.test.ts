import { expect, it } from 'vitest';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { createTable } from '../../helpers/business-tables';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const NAMES = ['中国', '阿里', '北京', '长城', 'Zebra', 'apple', '北京'];
const CHINESE = ['阿里', '北京', '长城', '中国'];

interface Row {
  id: number;
  name: string;
  note: string;
  qty: number;
}

describeEachDatabase('pinyin order of lists ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async (): Promise<ApiClient> => {
    const app = await apps.build();
    const { cookie } = await login(app);
    await clearTables(app.dataSources.primary.knex);
    const api = apiClient(app, cookie);
    await createTable(api, {
      name: 'city',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'note', dataType: 'TEXT', queryable: true },
        { name: 'qty', dataType: 'INT', queryable: true },
      ],
    });
    for (const [index, name] of NAMES.entries()) {
      const created = await api.post('/api/business/city', { name, note: name, qty: NAMES.length - index });
      expect(created.statusCode, created.body).toBe(201);
    }
    return api;
  };

  const rows = async (api: ApiClient, params: string): Promise<Row[]> => {
    const response = await api.get(`/api/business/city?${params}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('orders Chinese text by pinyin, ASC and DESC, ties by the key, the same page by page', async () => {
    const api = await setup();
    for (const column of ['name', 'note']) {
      const up = await rows(api, `orderby=${column}%20ASC&collation=pinyin&limit=100`);
      const names = up.map((row) => row.name);
      expect(names.filter((name) => CHINESE.includes(name))).toEqual([
        '阿里',
        '北京',
        '北京',
        '长城',
        '中国',
      ]);
      expect(names.filter((name) => !CHINESE.includes(name))).toEqual(['apple', 'Zebra']);
      // The two 北京 rows keep the key's order (DESC, as every list breaks ties).
      const beijing = up.filter((row) => row.name === '北京').map((row) => row.id);
      expect(beijing).toEqual([...beijing].sort((a, b) => b - a));

      const down = await rows(api, `orderby=${column}%20DESC&collation=PINYIN&limit=100`);
      expect(down.map((row) => row.name)).toEqual([...names].reverse());

      const paged: Row[] = [];
      for (let offset = 0; offset < NAMES.length; offset += 2) {
        paged.push(...(await rows(api, `orderby=${column}&collation=pinyin&offset=${offset}&limit=2`)));
      }
      expect(paged.map((row) => row.id)).toEqual(up.map((row) => row.id));
    }
  });

  it('leaves the order without it as it was, and non-text columns as they are', async () => {
    const api = await setup();
    const plain = await rows(api, 'orderby=name&limit=100');
    const blank = await rows(api, 'orderby=name&collation=&limit=100');
    expect(blank).toEqual(plain);
    const pinyin = await rows(api, 'orderby=name&collation=pinyin&limit=100');
    // Without it, 中国 (U+4E2D) sorts before 北京 (U+5317): code point order.
    const plainNames = plain.map((row) => row.name);
    expect(plainNames.indexOf('中国')).toBeLessThan(plainNames.indexOf('北京'));
    expect(pinyin.map((row) => row.name)).not.toEqual(plainNames);

    expect(await rows(api, 'orderby=qty&collation=pinyin&limit=100')).toEqual(
      await rows(api, 'orderby=qty&limit=100'),
    );
    expect(await rows(api, 'collation=pinyin&limit=100')).toEqual(await rows(api, 'limit=100'));
    // The count takes it too (and it changes nothing there).
    expect((await api.get('/api/business/city/count?collation=pinyin')).json()).toBe(NAMES.length);
  });

  it('answers 400 for an unknown collation, in Chinese and English', async () => {
    const api = await setup();
    const refused = await api.get('/api/business/city?orderby=name&collation=gbk');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_ERROR');
    expect(refused.json().errors.collation).toContain('pinyin');
    expect(refused.json().errors.collation).toContain('拼音');
    const app = await apps.build();
    const { cookie } = await login(app);
    const english = await apiClient(app, cookie, { 'accept-language': 'en' }).get(
      '/api/business/city?orderby=name&collation=gbk',
    );
    expect(english.statusCode).toBe(400);
    expect(english.json().errors.collation).toContain('pinyin order');
    expect(
      (await api.get('/api/business/city?orderby=name&collation=pinyin&collation=pinyin')).statusCode,
    ).toBe(400);
  });
});
