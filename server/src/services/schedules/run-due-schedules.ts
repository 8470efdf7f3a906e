/**
 * One server's schedule runner: every round it looks for the enabled schedules that have a tick
 * due and claims ticks by inserting their run rows. The unique key (`scheduleId`, `tick`) of
 * `cb_schedule_run` lets exactly one insert of a tick succeed, on every database; a server whose
 * insert finds the key taken (`insertUnlessPresent`) knows another server has that tick, and leaves it.
 * Only the server that inserted a tick's row runs it, then writes its outcome on that row.
 *
 * After a pause (no server running, or all of them late), the newest due tick is claimed first:
 * its winner alone decides about the older ones: the latest `maxMissed` run, the others are one
 * `skipped` row. So a pause ends in a bounded number of runs, never in a storm.
 */
import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { dateTimeText } from '../../db/clock';
import { SYSTEM } from '../../db/table-names';
import { toNumber } from '../../db/values';
import { sqlConsoleOf } from '../sql/console-runtime';
import { nextTick, planTicks, type PlannedTick, type ScheduleTiming } from './due-ticks';
import { runScheduleAction, type ActionSettings, type RunnableSchedule } from './run-schedule-action';
import { MAX_MISSED_LIMIT } from './schedule-rules';

/** What a runner needs of its server. */
export interface ScheduleRunnerSettings extends ActionSettings {
  /** This server, in the run rows' `runner` column. */
  instance: string;
  /** A tick claimed later than this after it came was missed (`maxMissed` decides whether it runs). */
  lateMs: number;
}

/** What one round did: the ticks it claimed to run, and the runs, settled when they end. */
export interface RoundOutcome {
  claimed: number;
  /** One per schedule with runs: its claimed ticks run one after the other, oldest first. */
  runs: Promise<void>[];
}

interface DueSchedule extends RunnableSchedule, ScheduleTiming {
  maxMissed: number;
  activeSince: number | null;
}

/** How often a schedule that cannot be run (a bad expression written around the API, a database error) is logged. */
const REPORT_EVERY_MS = 600_000;

/** How often stale `running` rows (their server stopped during the run) are closed. */
const SWEEP_EVERY_MS = 60_000;

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const numberOrNull = (value: unknown): number | null =>
  value === null || value === undefined || value === '' ? null : toNumber(value);

const scheduleOf = (row: Record<string, unknown>): DueSchedule => ({
  id: toNumber(row.id),
  name: String(row.name ?? ''),
  cron: String(row.cron ?? ''),
  timeZone: String(row.timeZone ?? ''),
  action: String(row.action ?? ''),
  url: textOrNull(row.url),
  method: String(row.method || 'POST'),
  headers: textOrNull(row.headers),
  secret: textOrNull(row.signingSecret),
  sqlQueryId: numberOrNull(row.sqlQueryId),
  sqlDigest: textOrNull(row.sqlDigest),
  task: textOrNull(row.task),
  flowId: numberOrNull(row.flowId),
  ownerId: numberOrNull(row.ownerId),
  // bounded as the rules bound it, whatever was written around them
  maxMissed: Math.min(MAX_MISSED_LIMIT, Math.max(0, toNumber(row.maxMissed ?? 1) || 0)),
  activeSince: numberOrNull(row.activeSince),
});

const missedText = (planned: PlannedTick): string =>
  planned.notRun === null
    ? `not run: missed, with more earlier ticks than were counted`
    : planned.notRun === 1
      ? 'not run: missed'
      : `not run: missed, with ${String(planned.notRun - 1)} earlier missed ticks`;

/** The newest tick of each schedule that has a row. */
const lastTicks = async (primary: Knex, ids: readonly number[]): Promise<Map<number, number>> => {
  const last = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows: { scheduleId: unknown; tick: unknown }[] = await primary(SYSTEM.scheduleRun)
      .whereIn('scheduleId', ids.slice(i, i + 500))
      .groupBy('scheduleId')
      .select('scheduleId')
      .max({ tick: 'tick' });
    for (const row of rows) last.set(toNumber(row.scheduleId), toNumber(row.tick));
  }
  return last;
};

/** The newest tick of `scheduleId` before `before`, if any. */
const lastTickBefore = async (primary: Knex, scheduleId: number, before: number): Promise<number | null> => {
  const row: { tick?: unknown } | undefined = await primary(SYSTEM.scheduleRun)
    .where('scheduleId', scheduleId)
    .where('tick', '<', before)
    .max({ tick: 'tick' })
    .first();
  return row?.tick === null || row?.tick === undefined ? null : toNumber(row.tick);
};

/** A schedule's ticks, and when it was last asked about them: the next tick after a given instant. */
interface NextTick {
  key: string;
  next: number;
}

/**
 * A schedule runner for one server on `primary`. `round(now)` is one look at the schedules;
 * it keeps, per schedule, the next tick after the last one handled, so a round in which nothing
 * is due costs two small queries and no cron arithmetic.
 */
export const createScheduleRunner = (settings: ScheduleRunnerSettings) => {
  const primary = settings.dataSources.primary.knex;
  const next = new Map<number, NextTick>();
  /** When each schedule's failure was last logged: once in a while, not every round. */
  const reported = new Map<number, number>();
  let lastSweep = 0;

  /** Inserts a tick's row; false when another server has the tick (or the schedule is gone). */
  const claim = async (schedule: DueSchedule, planned: PlannedTick, now: number): Promise<boolean> => {
    const started = dateTimeText(new Date(now));
    const row = {
      scheduleId: schedule.id,
      tick: planned.tick,
      status: planned.run ? 'running' : 'skipped',
      startedDate: started,
      finishedDate: planned.run ? null : started,
      result: planned.run ? null : missedText(planned),
      runner: settings.instance,
    };
    try {
      const dialect = sqlDialect(dialectOf(primary));
      return await dialect.insertUnlessPresent(primary, SYSTEM.scheduleRun, row, ['scheduleId', 'tick']);
    } catch (error) {
      // the schedule was deleted since it was read: its rows go with it
      if (!(await primary(SYSTEM.schedule).where('id', schedule.id).first('id'))) return false;
      throw error;
    }
  };

  /** Runs the claimed ticks of a schedule one after the other, each outcome written on its row. */
  const runAll = async (schedule: DueSchedule, ticks: readonly number[]): Promise<void> => {
    for (const tick of ticks) {
      const started = Date.now();
      const outcome = await runScheduleAction(schedule, tick, settings);
      const finished = Date.now();
      try {
        await primary(SYSTEM.scheduleRun)
          .where({ scheduleId: schedule.id, tick, runner: settings.instance })
          .update({
            status: outcome.status,
            finishedDate: dateTimeText(new Date(finished)),
            durationMs: finished - started,
            result: outcome.result,
            error: outcome.error,
          });
      } catch (error) {
        settings.log.error({ err: error, scheduleId: schedule.id, tick }, 'recording a schedule run failed');
      }
      if (outcome.status === 'failed')
        settings.log.warn(
          { scheduleId: schedule.id, tick: new Date(tick).toISOString(), error: outcome.error },
          'schedule run failed',
        );
    }
  };

  /** The ticks of `schedule` due at `now` claimed by this server, oldest first (none if another has them). */
  const claimDue = async (schedule: DueSchedule, after: number, now: number): Promise<number[]> => {
    const key = `${schedule.cron}\n${schedule.timeZone}\n${String(after)}`;
    let known = next.get(schedule.id);
    if (known?.key !== key) {
      known = { key, next: nextTick(schedule, after) };
      next.set(schedule.id, known);
    }
    if (known.next > now) return [];
    const plan = planTicks(schedule, after, now, schedule.maxMissed, settings.lateMs);
    if (!plan || !(await claim(schedule, plan.newest, now))) return [];
    // The newest is ours: so are the older ticks no other server has handled.
    const handled = await lastTickBefore(primary, schedule.id, plan.newest.tick);
    const rest =
      handled !== null && handled > after
        ? (planTicks(schedule, handled, now, schedule.maxMissed, settings.lateMs)?.rest ?? [])
        : plan.rest;
    const won: number[] = [];
    for (const planned of rest) {
      if ((await claim(schedule, planned, now)) && planned.run) won.push(planned.tick);
    }
    if (plan.newest.run) won.push(plan.newest.tick);
    return won;
  };

  /** Closes runs left `running` by a server that stopped during them (long past any time limit). */
  const sweep = async (now: number): Promise<void> => {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    const sqlTimeoutMs = sqlConsoleOf(primary)?.timeoutMs ?? 0;
    const staleMs = Math.max(3_600_000, 2 * sqlTimeoutMs + 2 * settings.webhookTimeoutMs);
    const cutoff = dateTimeText(new Date(now - staleMs));
    // looked for first: most rounds find none, and write nothing
    const stale = await primary(SYSTEM.scheduleRun)
      .where('status', 'running')
      .where('startedDate', '<', cutoff)
      .first('id');
    if (!stale) return;
    await primary(SYSTEM.scheduleRun)
      .where('status', 'running')
      .where('startedDate', '<', cutoff)
      .update({
        status: 'failed',
        error: 'the server running it stopped before it ended',
        finishedDate: dateTimeText(new Date(now)),
      });
  };

  const round = async (now: number = Date.now()): Promise<RoundOutcome> => {
    await sweep(now);
    const schedules = (
      await primary(SYSTEM.schedule)
        .where('enabled', true)
        .orderBy('id')
        .select(
          'id',
          'name',
          'cron',
          'timeZone',
          'action',
          'url',
          'method',
          'headers',
          'signingSecret',
          'sqlQueryId',
          'sqlDigest',
          'task',
          'flowId',
          'maxMissed',
          'ownerId',
          'activeSince',
        )
    ).map(scheduleOf);
    const ids = new Set(schedules.map((schedule) => schedule.id));
    for (const id of next.keys()) if (!ids.has(id)) next.delete(id);
    if (schedules.length === 0) return { claimed: 0, runs: [] };
    const last = await lastTicks(primary, [...ids]);
    const runs: Promise<void>[] = [];
    let claimed = 0;
    for (const schedule of schedules) {
      // made by hand without its start: its ticks count from now
      if (schedule.activeSince === null) {
        await primary(SYSTEM.schedule)
          .where('id', schedule.id)
          .whereNull('activeSince')
          .update({ activeSince: now });
        continue;
      }
      const after = Math.max(schedule.activeSince, last.get(schedule.id) ?? Number.NEGATIVE_INFINITY);
      let won: number[];
      try {
        won = await claimDue(schedule, after, now);
      } catch (error) {
        if (now - (reported.get(schedule.id) ?? Number.NEGATIVE_INFINITY) >= REPORT_EVERY_MS) {
          reported.set(schedule.id, now);
          settings.log.error({ err: error, scheduleId: schedule.id }, 'a schedule could not be run');
        }
        continue;
      }
      if (won.length === 0) continue;
      claimed += won.length;
      runs.push(
        runAll(schedule, won).catch((error: unknown) =>
          settings.log.error({ err: error, scheduleId: schedule.id }, 'a schedule run failed'),
        ),
      );
    }
    return { claimed, runs };
  };

  return { round, instance: settings.instance };
};

export type ScheduleRunner = ReturnType<typeof createScheduleRunner>;
