import { expect, it } from 'vitest';
import { nextValue } from '../../src/services/sequences/next-value';
import { createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

describeEachDatabase('concurrent writes ($name)', (db) => {
  const apps = useTestApps(db);

  const setup = async (suffix: string) => {
    const app = await apps.build();
    const api = apiClient(app, (await login(app)).cookie);
    const sequence = await api.post('/api/metadata/sequences', {
      name: `ticketNo${suffix}`,
      sequenceType: 'STRING',
      format: 'T%06d',
      minValue: 1,
      maxValue: 999999,
      nextValue: 1,
      incrementBy: 1,
    });
    expect(sequence.statusCode, sequence.body).toBe(201);
    await createTable(api, {
      name: `ticket${suffix}`,
      columns: [
        ...SYSTEM_COLUMNS,
        { name: 'ticketNo', dataType: 'VARCHAR', length: 20, seqId: sequence.json(), nullable: false },
      ],
    });
    return { app, api, table: `/api/business/ticket${suffix}`, seqId: sequence.json() as number };
  };

  it('gives 100 concurrent creates 100 distinct sequence values', async () => {
    const { api, table } = await setup('A');
    const created = await Promise.all(
      Array.from({ length: 100 }, (_, i) => api.post(table, { name: `并发${i}` })),
    );
    expect(created.map((response) => response.statusCode)).toEqual(Array(100).fill(201));
    const rows = (await api.get(`${table}?limit=200`)).json() as { ticketNo: string }[];
    expect(rows).toHaveLength(100);
    const numbers = rows.map((row) => row.ticketNo).sort();
    expect(new Set(numbers).size).toBe(100);
    expect(numbers[0]).toBe('T000001');
    expect(numbers[99]).toBe('T000100');
  });

  it('loses no draw to an edit of the sequence made while the draw is uncommitted', async () => {
    const { api, table, seqId, app } = await setup('C');
    expect((await api.post(table, { name: '之前' })).statusCode).toBe(201);
    // a write draws T000002 and holds the sequence's row until it commits…
    const knex = app.dataSources.primary.knex;
    const trx = await knex.transaction();
    expect(await nextValue(trx, seqId)).toBe('T000002');
    // …while the sequence's caption is edited
    const edit = api.patch(`/api/metadata/sequences/${String(seqId)}`, { caption: '改名' });
    await new Promise((wait) => setTimeout(wait, 300));
    await trx.commit();
    expect((await edit).statusCode).toBe(200);
    // the next draw is the one after the committed draw, never T000002 again
    expect((await api.post(table, { name: '之后' })).statusCode).toBe(201);
    const numbers = ((await api.get(`${table}?limit=10`)).json() as { ticketNo: string }[])
      .map((row) => row.ticketNo)
      .sort();
    expect(numbers).toEqual(['T000001', 'T000003']);
    const stored = (await api.get(`/api/metadata/sequences/${String(seqId)}`)).json() as {
      caption: string;
      nextValue: number;
    };
    expect(stored).toMatchObject({ caption: '改名', nextValue: 4 });
  });

  it('lets exactly one of several saves of the same version through; the others get 409', async () => {
    const { api, table } = await setup('B');
    const id = (await api.post(table, { name: '原始' })).json();
    const { lastModifiedDate } = (await api.get(`${table}/${id}`)).json() as { lastModifiedDate: string };
    // Twice: once at once (the same second as the create), once a little later.
    for (const round of [1, 2]) {
      const current =
        round === 1 ? lastModifiedDate : (await api.get(`${table}/${id}`)).json().lastModifiedDate;
      const saves = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          api.patch(`${table}/${id}`, { name: `第${round}轮${i}`, lastModifiedDate: current }),
        ),
      );
      const statuses = saves.map((response) => response.statusCode).sort();
      expect(statuses, saves.map((response) => response.body).join('\n')).toEqual([
        200,
        ...Array(7).fill(409),
      ]);
      const winner = saves.findIndex((response) => response.statusCode === 200);
      const stored = (await api.get(`${table}/${id}`)).json() as { name: string; lastModifiedDate: string };
      expect(stored.name).toBe(`第${round}轮${winner}`);
      expect(stored.lastModifiedDate > current).toBe(true);
    }
  });
});
