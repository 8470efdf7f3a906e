import { expect, it } from 'vitest';
import { dateTimeText } from '../../../src/db/clock';
import { SYSTEM } from '../../../src/db/table-names';
import { pruneRuns } from '../../../src/services/schedules/prune-runs';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const DAY = 86_400_000;

describeEachDatabase('pruneRuns ($name)', (db) => {
  const apps = useTestApps(db);

  it('deletes the finished runs of ticks older than the retention, never one still running', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await knex(SYSTEM.schedule).delete();
    const now = new Date('2026-11-30T12:00:00Z');
    const stamp = dateTimeText(now);
    const [made] = (await knex(SYSTEM.schedule).insert(
      {
        name: 's',
        cron: '* * * * *',
        timeZone: 'UTC',
        url: 'http://example.com/',
        enabled: false,
        createdDate: stamp,
        lastModifiedDate: stamp,
      },
      ['id'],
    )) as ({ id: number } | number)[];
    const scheduleId = typeof made === 'object' ? made.id : made;
    const rows: [string, number][] = [
      ['ok', 40],
      ['failed', 31],
      ['skipped', 35],
      ['running', 90],
      ['ok', 29],
      ['ok', 1],
    ];
    await knex(SYSTEM.scheduleRun).insert(
      rows.map(([status, daysAgo], i) => ({
        scheduleId,
        tick: now.getTime() - daysAgo * DAY + i,
        status,
        startedDate: stamp,
        runner: 'test',
      })),
    );
    expect(await pruneRuns(knex, 30, now)).toBe(3);
    const left = await knex(SYSTEM.scheduleRun).orderBy('id').pluck('status');
    expect(left).toEqual(['running', 'ok', 'ok']);
  });
});
