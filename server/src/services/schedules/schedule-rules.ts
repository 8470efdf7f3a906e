import { hasPermission } from '../../auth/permission';
import { SYSTEM } from '../../db/table-names';
import type { TaskRegistry } from '../../extensions/extension-tasks';
import type { WriteHook } from '../../extensions/write-hooks';
import type { Localized } from '../../i18n/messages';
import { scheduleMessage } from '../../i18n/schedule-messages';
import { systemTableMessage } from '../../i18n/system-table-messages';
import type { WriteContext } from '../items/write-context';
import { invalidFields } from '../system-tables/rule-errors';
import { changes } from '../system-tables/field-checks';
import type { SystemTableRules } from '../system-tables/system-table-rules';
import { ApiException } from '../../errors/api-exception';
import { isHeaderObjectText, RESERVED_HEADERS } from '../webhooks/extra-headers';
import { keepSigningSecret, WEBHOOK_METHODS } from '../webhooks/webhook-rules';
import { assertTargetUrl } from '../webhooks/assert-target-url';
import type { WebhookAllowList } from '../webhooks/webhook-allow-list';
import { cronProblem, isTimeZone } from './due-ticks';
import { loadStatement, statementDigest } from './scheduled-statement';

type Values = Record<string, unknown>;

/** What a schedule does at each tick. */
export const SCHEDULE_ACTIONS = ['webhook', 'sql', 'task', 'flow'] as const;

/** Missed ticks a schedule may run after a pause, at most. */
export const MAX_MISSED_LIMIT = 100;

/** The code a schedule's sql action needs: its saver's when saved, its owner's at every run. */
export const SQL_EXECUTE = 'sql:execute';

/** The server's time zone: a schedule's when it names none. */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const isTrue = (value: unknown): boolean =>
  value === true || value === 1 || value === '1' || value === 'true';

const blank = (value: unknown): boolean => value === null || value === undefined || value === '';

/** The value a write leaves: the one it sets, else the stored one. */
const after = (values: Values, current: Values, field: string): unknown =>
  Object.hasOwn(values, field) ? values[field] : current[field];

/**
 * The fields a schedule's create or update leaves, checked together (one 400 naming each bad
 * field, nothing written): a cron expression cron-parser reads in a known time zone, a known
 * action with what it needs (a URL, a saved statement), method, headers, missed runs.
 */
const checkSchedule = (values: Values, current: Values, path: string): void => {
  const errors: Record<string, Localized> = {};
  const action = String(after(values, current, 'action') ?? 'webhook');
  if (!(SCHEDULE_ACTIONS as readonly string[]).includes(action))
    errors.action = scheduleMessage('action', { values: SCHEDULE_ACTIONS.join(', ') });
  const timeZone = String(after(values, current, 'timeZone') ?? '');
  if (!isTimeZone(timeZone)) errors.timeZone = scheduleMessage('timeZone', { name: timeZone.slice(0, 64) });
  else if (Object.hasOwn(values, 'cron') || Object.hasOwn(values, 'timeZone')) {
    const problem = cronProblem(String(after(values, current, 'cron') ?? ''), timeZone);
    if (problem) errors.cron = scheduleMessage('cron', { reason: problem });
  }
  if (Object.hasOwn(values, 'method') && !WEBHOOK_METHODS.includes(String(values.method)))
    errors.method = systemTableMessage('oneOf', { values: WEBHOOK_METHODS.join(', ') });
  if (Object.hasOwn(values, 'headers') && !isHeaderObjectText(values.headers))
    errors.headers = systemTableMessage('webhookHeaders', { reserved: RESERVED_HEADERS.join(', ') });
  if (Object.hasOwn(values, 'maxMissed')) {
    const max = Number(values.maxMissed);
    if (!Number.isInteger(max) || max < 0 || max > MAX_MISSED_LIMIT)
      errors.maxMissed = scheduleMessage('maxMissed', { max: MAX_MISSED_LIMIT });
  }
  if (action === 'webhook' && blank(after(values, current, 'url')))
    errors.url = scheduleMessage('urlRequired');
  if (action === 'sql' && blank(after(values, current, 'sqlQueryId')))
    errors.sqlQueryId = scheduleMessage('sqlRequired');
  if (action === 'flow' && blank(after(values, current, 'flowId')))
    errors.flowId = scheduleMessage('flowRequired');
  if (Object.keys(errors).length > 0) throw invalidFields(path, errors);
};

/**
 * A schedule with the sql action runs its saved statement as its owner, and only the statement
 * approved when the schedule was saved (`sqlDigest`: its data source and text). Whoever chooses what
 * it runs (a new schedule, another action or statement) must hold `sql:execute`, and becomes its
 * owner: a schedule never runs a statement as someone who did not choose it. Sending the same
 * statement again approves its text as it is now, when the writer holds `sql:execute` (and makes
 * them the owner); from anyone else it changes nothing, so that they may still edit the rest.
 */
const approveStatement = async (
  write: WriteContext,
  values: Values,
  current: Values,
  path: string,
  creating: boolean,
): Promise<void> => {
  if (String(after(values, current, 'action')) !== 'sql') return;
  const choosing = creating || changes(current, values, 'action') || changes(current, values, 'sqlQueryId');
  if (!choosing && !Object.hasOwn(values, 'sqlQueryId')) return;
  const holds = hasPermission(write.authorities, SQL_EXECUTE);
  if (!choosing && !holds) return;
  const id = after(values, current, 'sqlQueryId');
  const statement = await loadStatement(write.db, id);
  if (!statement) {
    if (!choosing) return;
    throw invalidFields(path, { sqlQueryId: scheduleMessage('sqlMissing', { id: String(id).slice(0, 40) }) });
  }
  const digest = statementDigest(statement);
  if (!choosing) {
    const row: { sqlDigest?: unknown } | undefined = await write
      .db(SYSTEM.schedule)
      .where('id', current.id as number)
      .first('sqlDigest');
    if (row?.sqlDigest === digest) return;
  }
  if (!holds) throw new ApiException('FORBIDDEN', scheduleMessage('sqlNotHeld'));
  values.sqlDigest = digest;
  values.ownerId = write.userId || null;
};

/**
 * The schedule table (`schedule`): its fields checked, the secret kept aside, the owner set,
 * and `activeSince`, the instant its ticks count from, moved to now when it is created, enabled
 * again or given another expression or time zone (ticks before it were never due: not missed).
 */
/** A schedule's flow exists and is triggered by schedules, when the flow is chosen (400 on `flowId`). */
const checkFlow = async (
  write: WriteContext,
  values: Values,
  current: Values,
  path: string,
): Promise<void> => {
  if (String(after(values, current, 'action')) !== 'flow') return;
  if (!Object.hasOwn(values, 'flowId') && !Object.hasOwn(values, 'action')) return;
  const id = after(values, current, 'flowId');
  const flow: { trigger?: unknown } | undefined = await write
    .db(SYSTEM.flow)
    .where('id', Number(id) || 0)
    .first('trigger');
  if (flow?.trigger !== 'schedule')
    throw invalidFields(path, {
      flowId: scheduleMessage('flowNotScheduled', { id: String(id).slice(0, 40) }),
    });
};

export const scheduleRules: SystemTableRules = {
  beforeCreate: async ({ write, values, path }) => {
    if (blank(values.timeZone)) values.timeZone = serverTimeZone();
    checkSchedule(values, {}, path);
    await checkFlow(write, values, {}, path);
    await approveStatement(write, values, {}, path, true);
    keepSigningSecret(values);
    values.ownerId = write.userId || null;
    values.activeSince = write.now.getTime();
  },
  beforeUpdate: async ({ write, values, current, path }) => {
    if (Object.hasOwn(values, 'timeZone') && blank(values.timeZone)) values.timeZone = serverTimeZone();
    checkSchedule(values, current, path);
    await checkFlow(write, values, current, path);
    await approveStatement(write, values, current, path, false);
    keepSigningSecret(values);
    const enabledAgain =
      Object.hasOwn(values, 'enabled') && isTrue(values.enabled) && !isTrue(current.enabled);
    if (enabledAgain || changes(current, values, 'cron') || changes(current, values, 'timeZone'))
      values.activeSince = write.now.getTime();
  },
};

/**
 * A schedule's address is checked when it is saved as a webhook's is (400): an http(s) URL whose
 * host resolves to public addresses only, unless `WEBHOOK_ALLOW_PRIVATE` allows it. Each run
 * checks it again, on the address it connects to and on every redirect.
 */
export const scheduleTargetHook = (allow: WebhookAllowList): WriteHook => ({
  name: 'core',
  tables: ['schedule'],
  systemOnly: true,
  beforeCreate: ({ values, path }) => assertTargetUrl(values, path, allow, true),
  beforeUpdate: ({ values, path }) => assertTargetUrl(values, path, allow, true),
});

/**
 * A schedule with the task action names a task an enabled extension registered (`<extension>:<task>`),
 * checked when it is created or its action or task is set (400 naming the tasks there are); a
 * schedule whose extension was removed since can still be edited and disabled, and its runs fail
 * saying why. Whoever chooses the task becomes the schedule's owner: the task runs for them.
 */
export const scheduleTaskHook = (tasks: TaskRegistry): WriteHook => {
  const check = (write: WriteContext, values: Values, current: Values, path: string, creating: boolean) => {
    if (String(after(values, current, 'action') ?? 'webhook') !== 'task') return;
    const choosing = creating || changes(current, values, 'action') || changes(current, values, 'task');
    if (!choosing && !Object.hasOwn(values, 'task') && !Object.hasOwn(values, 'action')) return;
    const task = after(values, current, 'task');
    const available = [...tasks.keys()].join(', ');
    if (tasks.size === 0) throw invalidFields(path, { task: scheduleMessage('taskNone') });
    if (blank(task)) throw invalidFields(path, { task: scheduleMessage('taskRequired', { available }) });
    if (!tasks.has(String(task)))
      throw invalidFields(path, {
        task: scheduleMessage('taskUnknown', { name: String(task).slice(0, 81), available }),
      });
    if (choosing) values.ownerId = write.userId || null;
  };
  return {
    name: 'core',
    tables: ['schedule'],
    systemOnly: true,
    beforeCreate: ({ write, values, path }) => check(write, values, {}, path, true),
    beforeUpdate: ({ write, values, current, path }) => check(write, values, current, path, false),
  };
};
