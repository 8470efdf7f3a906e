import { expect, it } from 'vitest';
import { createTable } from '../../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const NAMES = ['Apple pie', 'apple tart', 'Banana', 'pineAPPLE', '50%_off', '苹果派'];

describeEachDatabase('list filters: text matches and NOT BETWEEN on a real database ($name)', (db) => {
  const apps = useTestApps(db);

  it('answers each operator as docs/api.md says, in the filter JSON and in the column filter form', async () => {
    await clearTables((await apps.build()).dataSources.primary.knex);
    const app = await apps.build();
    const { cookie } = await login(app);
    const admin = apiClient(app, cookie);
    await createTable(admin, {
      name: 'fruit',
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'qty', dataType: 'INT', queryable: true },
        { name: 'label', dataType: 'VARCHAR', length: 50, queryable: true },
      ],
    });
    for (const [index, name] of NAMES.entries()) {
      const made = await admin.post('/api/business/fruit', {
        name: `n${String(index)}`,
        label: name,
        qty: index + 1,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    // A record without a label: no text match holds for it, negated or not.
    expect((await admin.post('/api/business/fruit', { name: 'none', qty: 99 })).statusCode).toBe(201);

    const names = async (query: string): Promise<string[]> => {
      const listed = await admin.get(`/api/business/fruit?limit=100&${query}`);
      expect(listed.statusCode, listed.body).toBe(200);
      return (listed.json() as { label: string | null; qty: number }[])
        .map((record) => record.label ?? `(${String(record.qty)})`)
        .sort();
    };
    const filter = (operatorType: string, ...values: unknown[]) =>
      names(
        `filter=${encodeURIComponent(JSON.stringify({ columnName: operatorType.endsWith('BETWEEN') ? 'qty' : 'label', operatorType, values }))}`,
      );

    expect(await filter('STARTSWITH', 'APPLE')).toEqual(['Apple pie', 'apple tart']);
    expect(await filter('NOTSTARTSWITH', 'apple')).toEqual(['50%_off', 'Banana', 'pineAPPLE', '苹果派']);
    expect(await filter('ENDSWITH', 'apple')).toEqual(['pineAPPLE']);
    expect(await filter('NOTENDSWITH', 'APPLE')).toEqual([
      '50%_off',
      'Apple pie',
      'Banana',
      'apple tart',
      '苹果派',
    ]);
    expect(await filter('NOTLIKE', 'apple')).toEqual(['50%_off', 'Banana', '苹果派']);
    expect(await filter('LIKECS', 'APPLE')).toEqual(['pineAPPLE']);
    expect(await filter('LIKECS', 'pple')).toEqual(['Apple pie', 'apple tart']);
    expect(await filter('NOTLIKECS', 'pple')).toEqual(['50%_off', 'Banana', 'pineAPPLE', '苹果派']);
    expect(await filter('STARTSWITH', '苹果')).toEqual(['苹果派']);
    // Wildcards in the text are text.
    expect(await filter('STARTSWITH', '50%_')).toEqual(['50%_off']);
    expect(await filter('ENDSWITH', '_')).toEqual([]);
    expect(await filter('LIKECS', '%')).toEqual(['50%_off']);
    expect(await filter('NOTBETWEEN', 2, 5)).toEqual(['(99)', 'Apple pie', '苹果派']);
    // An open side: NOT BETWEEN 5 and nothing is below 5.
    expect(await filter('NOTBETWEEN', 5, '')).toEqual(['Apple pie', 'Banana', 'apple tart', 'pineAPPLE']);

    // The column filter form takes the same words.
    expect(await names(`label=${encodeURIComponent('STARTSWITH app')}`)).toEqual(['Apple pie', 'apple tart']);
    expect(await names(`label=${encodeURIComponent('NOTLIKECS APPLE')}`)).toEqual([
      '50%_off',
      'Apple pie',
      'Banana',
      'apple tart',
      '苹果派',
    ]);
    expect(await names(`qty=${encodeURIComponent('NOTBETWEEN 2,6')}`)).toEqual(['(99)', 'Apple pie']);
    // Counting agrees with listing.
    const counted = await admin.get(`/api/business/fruit/count?label=${encodeURIComponent('ENDSWITH PIE')}`);
    expect(counted.json()).toBe(1);

    // Text matches take text columns only, named in both languages.
    const refused = await apiClient(app, cookie, { 'accept-language': 'en-US' }).get(
      `/api/business/fruit?qty=${encodeURIComponent('STARTSWITH 1')}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('STARTSWITH applies to text columns only');
  });
});
