/**
 * When a schedule is due (pure): the ticks of its cron expression in its time zone, and which of
 * them run after a pause. A tick is an instant, in epoch milliseconds.
 *
 * Ticks are always walked forwards, from the last one handled: a wall-clock time that daylight
 * saving skips runs once, when the clock has moved on (02:30 on the night 02:00 becomes 03:00 runs
 * at 03:30); a time the clock passes twice runs the first time.
 */
import { CronExpressionParser, type CronExpression } from 'cron-parser';

/** What decides a schedule's ticks. */
export interface ScheduleTiming {
  /** Five fields (minute hour day month weekday), or six with seconds first. */
  cron: string;
  /** IANA name, e.g. `Asia/Shanghai`. */
  timeZone: string;
}

/** Ticks walked one by one at most; a longer gap is jumped over (its ticks are not counted). */
const SCAN_LIMIT = 1000;

const fieldsOf = (cron: string): string[] => cron.trim().split(/\s+/).filter(Boolean);

const expressionAt = (timing: ScheduleTiming, from: number): CronExpression =>
  CronExpressionParser.parse(fieldsOf(timing.cron).join(' '), {
    currentDate: new Date(from),
    tz: timing.timeZone,
  });

/** Whether `timeZone` is an IANA time zone this server knows. */
export const isTimeZone = (timeZone: string): boolean => {
  if (timeZone.trim() === '' || timeZone !== timeZone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
};

/**
 * Why `cron` cannot be a schedule's expression (in English), or null: five or six fields that
 * cron-parser reads, with a next tick in `timeZone`.
 */
export const cronProblem = (cron: string, timeZone: string): string | null => {
  const fields = fieldsOf(cron);
  if (fields.length !== 5 && fields.length !== 6)
    return `expected 5 fields (minute hour day month weekday) or 6 with seconds first, got ${String(fields.length)}`;
  if (fields.some((field) => field.startsWith('@'))) return 'predefined expressions (@daily...) are not read';
  if (!isTimeZone(timeZone)) return `unknown time zone ${timeZone.slice(0, 64)}`;
  try {
    expressionAt({ cron, timeZone }, Date.now()).next();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message.slice(0, 200) : 'not a cron expression';
  }
};

/** The first tick after `after` (throws when the expression has none). */
export const nextTick = (timing: ScheduleTiming, after: number): number =>
  expressionAt(timing, after).next().getTime();

/** The ticks of a window: the latest few, and what came before them. */
export interface TickWindow {
  /** The latest ticks of the window, oldest first, at most the number asked for. */
  latest: number[];
  /**
   * The ticks of the window before `latest`: the newest of them, and how many there are (null:
   * more than could be counted). Null when there are none.
   */
  earlier: { newest: number; count: number | null } | null;
}

/** Walks forwards from `from` (excluded) to `until` (included), keeping the last `keep + 1`. */
const walk = (
  timing: ScheduleTiming,
  from: number,
  until: number,
  keep: number,
): { kept: number[]; count: number; complete: boolean } => {
  const expression = expressionAt(timing, from);
  const kept: number[] = [];
  let count = 0;
  while (count < SCAN_LIMIT) {
    const tick = expression.next().getTime();
    if (tick > until) return { kept, count, complete: true };
    count += 1;
    kept.push(tick);
    if (kept.length > keep + 1) kept.shift();
  }
  return { kept, count, complete: false };
};

/**
 * The ticks after `after` up to `until` (included): the latest `keep` of them, oldest first, and
 * the newest and number of those before. A gap of more than SCAN_LIMIT ticks is not walked: the
 * walk starts again a few ticks before `until` (found walking backwards), and the earlier ones
 * are not counted.
 */
export const ticksIn = (timing: ScheduleTiming, after: number, until: number, keep: number): TickWindow => {
  let found = walk(timing, after, until, keep);
  // the walk's start when it was jumped to: a tick, with uncounted ones before it
  let jumped: number | null = null;
  if (!found.complete) {
    const back = expressionAt(timing, until + 1);
    let start = until;
    for (let i = 0; i < keep + 2; i += 1) start = back.prev().getTime();
    found = walk(timing, start, until, keep);
    jumped = start;
  }
  const { kept, count } = found;
  if (kept.length <= keep) {
    return { latest: kept, earlier: jumped === null ? null : { newest: jumped, count: null } };
  }
  const [newest, ...latest] = kept as [number, ...number[]];
  return { latest, earlier: { newest, count: jumped === null ? count - keep : null } };
};

/** One run row a plan writes: a tick run, or one recorded as not run. */
export interface PlannedTick {
  tick: number;
  run: boolean;
  /** For a tick not run: how many ticks it stands for, itself and the earlier ones (null: too many to count); 0 when run. */
  notRun: number | null;
}

/** What a server does with a schedule's due ticks. */
export interface TickPlan {
  /** The newest due tick, claimed first: the server that gets it writes `rest`. */
  newest: PlannedTick;
  /** Older ticks, oldest first: one row standing for those not run, then the missed ones that run. */
  rest: PlannedTick[];
}

/**
 * The plan for the ticks after `after` up to `now`, or null when none is due. The newest tick is
 * on time while less than `lateMs` old: it runs. Every other tick was missed (no server ran it
 * when it came); of those, the latest `maxMissed` run, the newest counting as one when it is late.
 * The rest are not run, recorded as one skipped row at the newest of them: after any pause a
 * schedule runs at most `maxMissed + 1` times.
 */
export const planTicks = (
  timing: ScheduleTiming,
  after: number,
  now: number,
  maxMissed: number,
  lateMs: number,
): TickPlan | null => {
  const missedRuns = Math.max(0, Math.floor(maxMissed));
  const window = ticksIn(timing, after, now, missedRuns + 1);
  const newest = window.latest.at(-1);
  if (newest === undefined) return null;
  const onTime = now - newest < lateMs;
  const older = window.latest.slice(0, -1);
  const budget = onTime ? missedRuns : missedRuns - 1;
  if (budget < 0) {
    // late, and no missed tick may run: the newest stands for all of them
    const count = window.earlier ? window.earlier.count : 0;
    return { newest: { tick: newest, run: false, notRun: count === null ? null : count + 1 }, rest: [] };
  }
  const running = older.slice(older.length - Math.min(budget, older.length));
  const dropped = older.slice(0, older.length - running.length);
  const rest: PlannedTick[] = [];
  const skipped = dropped.at(-1) ?? window.earlier?.newest;
  if (skipped !== undefined) {
    const earlierCount = window.earlier ? window.earlier.count : 0;
    rest.push({
      tick: skipped,
      run: false,
      notRun: earlierCount === null ? null : earlierCount + dropped.length,
    });
  }
  for (const tick of running) rest.push({ tick, run: true, notRun: 0 });
  return { newest: { tick: newest, run: true, notRun: 0 }, rest };
};
