/** Which ticks of a schedule are due, and which of them run after a pause: pure functions. */
import { describe, expect, it } from 'vitest';
import {
  cronProblem,
  planTicks,
  ticksIn,
  type ScheduleTiming,
} from '../../../src/services/schedules/due-ticks';

const at = (iso: string): number => new Date(iso).getTime();
const iso = (ticks: readonly number[]): string[] => ticks.map((tick) => new Date(tick).toISOString());
const utc = (cron: string): ScheduleTiming => ({ cron, timeZone: 'UTC' });
const MINUTE = 60_000;

describe('ticksIn', () => {
  it('lists the ticks after one instant up to another, that one included', () => {
    const window = ticksIn(utc('* * * * *'), at('2026-01-05T10:00:30Z'), at('2026-01-05T10:03:00Z'), 10);
    expect(iso(window.latest)).toEqual([
      '2026-01-05T10:01:00.000Z',
      '2026-01-05T10:02:00.000Z',
      '2026-01-05T10:03:00.000Z',
    ]);
    expect(window.earlier).toBeNull();
    // the instant itself is not after itself
    expect(
      ticksIn(utc('* * * * *'), at('2026-01-05T10:03:00Z'), at('2026-01-05T10:03:59Z'), 5).latest,
    ).toEqual([]);
  });

  it('keeps the latest ones and counts those before them, naming the newest of those', () => {
    const window = ticksIn(utc('*/10 * * * *'), at('2026-01-05T00:00:00Z'), at('2026-01-05T02:05:00Z'), 2);
    expect(iso(window.latest)).toEqual(['2026-01-05T01:50:00.000Z', '2026-01-05T02:00:00.000Z']);
    expect(window.earlier).toEqual({ newest: at('2026-01-05T01:40:00Z'), count: 10 });
  });

  it('reads a sixth field as seconds, first', () => {
    const window = ticksIn(utc('*/15 * * * * *'), at('2026-01-05T10:00:00Z'), at('2026-01-05T10:01:00Z'), 10);
    expect(iso(window.latest)).toEqual([
      '2026-01-05T10:00:15.000Z',
      '2026-01-05T10:00:30.000Z',
      '2026-01-05T10:00:45.000Z',
      '2026-01-05T10:01:00.000Z',
    ]);
  });

  it("reads the fields in the schedule's time zone", () => {
    const from = at('2026-07-01T00:00:00Z');
    const to = at('2026-07-02T00:00:00Z');
    expect(iso(ticksIn({ cron: '0 9 * * *', timeZone: 'Asia/Shanghai' }, from, to, 5).latest)).toEqual([
      '2026-07-01T01:00:00.000Z',
    ]);
    expect(iso(ticksIn({ cron: '0 9 * * *', timeZone: 'America/New_York' }, from, to, 5).latest)).toEqual([
      '2026-07-01T13:00:00.000Z',
    ]);
    // in winter New York is an hour further from UTC
    expect(
      iso(
        ticksIn(
          { cron: '0 9 * * *', timeZone: 'America/New_York' },
          at('2026-01-10T00:00:00Z'),
          at('2026-01-11T00:00:00Z'),
          5,
        ).latest,
      ),
    ).toEqual(['2026-01-10T14:00:00.000Z']);
  });

  it('daylight saving time: a time that does not exist runs once, an hour later; a time that comes twice runs once', () => {
    const berlin = (cron: string): ScheduleTiming => ({ cron, timeZone: 'Europe/Berlin' });
    // 2026-03-29: 02:00 becomes 03:00, so 02:30 does not exist that day
    expect(
      iso(ticksIn(berlin('30 2 * * *'), at('2026-03-27T12:00:00Z'), at('2026-03-31T12:00:00Z'), 10).latest),
    ).toEqual([
      '2026-03-28T01:30:00.000Z', // 02:30 CET
      '2026-03-29T01:30:00.000Z', // 03:30 CEST
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
      '2026-03-31T00:30:00.000Z',
    ]);
    // 2026-10-25: 03:00 becomes 02:00 again, so 02:30 comes twice; it runs the first time
    expect(
      iso(ticksIn(berlin('30 2 * * *'), at('2026-10-23T12:00:00Z'), at('2026-10-27T12:00:00Z'), 10).latest),
    ).toEqual([
      '2026-10-24T00:30:00.000Z',
      '2026-10-25T00:30:00.000Z', // 02:30 CEST
      '2026-10-26T01:30:00.000Z', // 02:30 CET
      '2026-10-27T01:30:00.000Z',
    ]);
    // hourly: that day has 25 hours, and 25 ticks, an hour apart
    const hourly = ticksIn(berlin('0 * * * *'), at('2026-10-24T21:30:00Z'), at('2026-10-25T22:30:00Z'), 30);
    expect(hourly.latest).toHaveLength(25);
    expect(hourly.latest.slice(1).every((tick, i) => tick - (hourly.latest[i] ?? 0) === 60 * MINUTE)).toBe(
      true,
    );
  });

  it('after a long pause of a frequent schedule, answers the latest ticks without walking every one', () => {
    const started = performance.now();
    const window = ticksIn(utc('* * * * * *'), at('2026-01-01T00:00:00Z'), at('2026-01-08T00:00:00.400Z'), 3);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(iso(window.latest)).toEqual([
      '2026-01-07T23:59:58.000Z',
      '2026-01-07T23:59:59.000Z',
      '2026-01-08T00:00:00.000Z',
    ]);
    // too many to count: the newest of them is named, their number is not
    expect(window.earlier).toEqual({ newest: at('2026-01-07T23:59:57Z'), count: null });
  });
});

describe('planTicks', () => {
  const LATE_MS = 60_000;
  const every = utc('* * * * *');
  const from = at('2026-01-05T10:00:30Z');

  it('nothing due: no plan', () => {
    expect(planTicks(every, from, at('2026-01-05T10:00:59Z'), 1, LATE_MS)).toBeNull();
  });

  it('a tick on time runs, claimed alone', () => {
    expect(planTicks(every, from, at('2026-01-05T10:01:00.200Z'), 0, LATE_MS)).toEqual({
      newest: { tick: at('2026-01-05T10:01:00Z'), run: true, notRun: 0 },
      rest: [],
    });
  });

  it('after a pause: the newest runs when on time, then the latest maxMissed of the missed ones; the others are one skipped row', () => {
    const now = at('2026-01-05T10:06:00.300Z');
    expect(planTicks(every, from, now, 2, LATE_MS)).toEqual({
      newest: { tick: at('2026-01-05T10:06:00Z'), run: true, notRun: 0 },
      rest: [
        { tick: at('2026-01-05T10:03:00Z'), run: false, notRun: 3 },
        { tick: at('2026-01-05T10:04:00Z'), run: true, notRun: 0 },
        { tick: at('2026-01-05T10:05:00Z'), run: true, notRun: 0 },
      ],
    });
    // maxMissed 0: only the tick on time
    expect(planTicks(every, from, now, 0, LATE_MS)).toEqual({
      newest: { tick: at('2026-01-05T10:06:00Z'), run: true, notRun: 0 },
      rest: [{ tick: at('2026-01-05T10:05:00Z'), run: false, notRun: 5 }],
    });
    // more allowed than were missed: all of them
    expect(planTicks(every, from, now, 10, LATE_MS)?.rest.map((one) => one.run)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('when even the newest is late it counts as missed: maxMissed 1 runs it alone, 0 runs nothing', () => {
    const daily = utc('0 2 * * *');
    const after = at('2026-01-01T03:00:00Z');
    const now = at('2026-01-04T05:00:00Z'); // 3 days of 02:00 passed, the last one 3 hours ago
    expect(planTicks(daily, after, now, 1, LATE_MS)).toEqual({
      newest: { tick: at('2026-01-04T02:00:00Z'), run: true, notRun: 0 },
      rest: [{ tick: at('2026-01-03T02:00:00Z'), run: false, notRun: 2 }],
    });
    expect(planTicks(daily, after, now, 0, LATE_MS)).toEqual({
      newest: { tick: at('2026-01-04T02:00:00Z'), run: false, notRun: 3 },
      rest: [],
    });
    expect(planTicks(daily, after, now, 2, LATE_MS)?.rest).toEqual([
      { tick: at('2026-01-02T02:00:00Z'), run: false, notRun: 1 },
      { tick: at('2026-01-03T02:00:00Z'), run: true, notRun: 0 },
    ]);
  });

  it('a week without a server on a schedule of every second: a bounded plan', () => {
    const plan = planTicks(
      utc('* * * * * *'),
      at('2026-01-01T00:00:00Z'),
      at('2026-01-08T00:00:00.100Z'),
      1,
      LATE_MS,
    );
    expect(plan?.newest).toEqual({ tick: at('2026-01-08T00:00:00Z'), run: true, notRun: 0 });
    expect(plan?.rest).toEqual([
      { tick: at('2026-01-07T23:59:58Z'), run: false, notRun: null },
      { tick: at('2026-01-07T23:59:59Z'), run: true, notRun: 0 },
    ]);
  });
});

describe('cronProblem', () => {
  it('accepts five fields, or six with seconds first', () => {
    expect(cronProblem('*/5 * * * *', 'UTC')).toBeNull();
    expect(cronProblem('0 30 9 * * 1-5', 'Asia/Shanghai')).toBeNull();
    expect(cronProblem('  0  9  *  *  MON  ', 'UTC')).toBeNull();
  });

  it('refuses other counts, bad fields, dates that never come and unknown time zones', () => {
    for (const cron of [
      '',
      '* * * *',
      '* * * * * * *',
      '@daily',
      '61 * * * *',
      '* * * * 9',
      'x * * * *',
      '0 0 30 2 *',
    ])
      expect(cronProblem(cron, 'UTC'), cron).toEqual(expect.any(String));
    expect(cronProblem('* * * * *', 'Mars/Olympus')).toEqual(expect.any(String));
  });
});
