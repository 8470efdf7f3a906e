import { expect, it } from 'vitest';
import { dateTimeText } from '../../../src/db/clock';
import { SYSTEM } from '../../../src/db/table-names';
import { pruneDeliveries } from '../../../src/services/webhooks/prune-deliveries';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const DAY = 86_400_000;

describeEachDatabase('pruneDeliveries ($name)', (db) => {
  const apps = useTestApps(db);

  it('deletes the done deliveries older than the retention, and nothing open or recent', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await knex(SYSTEM.webhook).delete();
    const now = new Date('2026-11-30T12:00:00Z');
    const stamp = dateTimeText(now);
    const [webhookId] = (await knex(SYSTEM.webhook).insert(
      {
        name: 'w',
        tables: '*',
        actions: 'create',
        url: 'http://example.com/',
        enabled: false,
        createdDate: stamp,
        lastModifiedDate: stamp,
      },
      ['id'],
    )) as ({ id: number } | number)[];
    const id = typeof webhookId === 'object' ? webhookId.id : webhookId;
    const rows: [string, number][] = [
      ['delivered', 40],
      ['dead', 31],
      ['pending', 90],
      ['failed', 45],
      ['delivered', 29],
      ['dead', 1],
    ];
    await knex(SYSTEM.webhookDelivery).insert(
      rows.map(([status, daysAgo], i) => ({
        webhookId: id,
        eventId: `e-${String(i)}`,
        dataSource: 'primary',
        tableName: 't',
        recordKey: String(i),
        action: 'create',
        status,
        payload: '{}',
        nextAttemptAt: now.getTime(),
        createdDate: dateTimeText(new Date(now.getTime() - daysAgo * DAY)),
        lastModifiedDate: stamp,
      })),
    );
    expect(await pruneDeliveries(knex, 30, now)).toBe(2);
    const left = await knex(SYSTEM.webhookDelivery).orderBy('id').pluck('eventId');
    expect(left).toEqual(['e-2', 'e-3', 'e-4', 'e-5']);
    // stopped before it starts: nothing
    expect(await pruneDeliveries(knex, 0, now, () => true)).toBe(0);
    expect(await knex(SYSTEM.webhookDelivery).count({ n: '*' }).first()).toMatchObject({
      n: expect.anything(),
    });
  });
});
