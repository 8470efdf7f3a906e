/**
 * What a schedule does at a tick it won: a signed HTTP call (as webhooks send theirs), its
 * saved SQL statement run by the SQL console as the schedule's owner, or an extension's task run
 * for its owner. Never throws: every failure is an outcome with its reason.
 */
import type { FastifyBaseLogger } from 'fastify';
import { hasPermission } from '../../auth/permission';
import { ApiException } from '../../errors/api-exception';
import { runExtensionTask, type TaskRegistry } from '../../extensions/extension-tasks';
import type { DataSourceRegistry } from '../../plugins/db';
import { recordAudit } from '../audit/write-audit';
import { runConsoleStatement, sqlConsoleOf } from '../sql/console-runtime';
import { loadPrincipal } from '../user-store';
import { startFlowRuns } from '../flows/start-flow-runs';
import { sendWebhook } from '../webhooks/send-webhook';
import { SIGNATURE_HEADER, signWebhook } from '../webhooks/sign-webhook';
import { extraHeaders } from '../webhooks/extra-headers';
import type { WebhookAllowList } from '../webhooks/webhook-allow-list';
import { SQL_EXECUTE } from './schedule-rules';
import { loadStatement, statementDigest } from './scheduled-statement';

/** A schedule as its runs need it. */
export interface RunnableSchedule {
  id: number;
  name: string;
  action: string;
  url: string | null;
  method: string;
  headers: string | null;
  /** The signing secret (`signingSecret`), if any. */
  secret: string | null;
  sqlQueryId: number | null;
  /** The statement approved when the schedule was saved. */
  sqlDigest: string | null;
  /** The task action's task, `<extension>:<task>`. */
  task: string | null;
  /** The flow action's flow. */
  flowId: number | null;
  ownerId: number | null;
}

/** What a run came to: `ok` or `failed`, with the result or the reason (each at most 1,000 characters). */
export interface ActionOutcome {
  status: 'ok' | 'failed';
  result: string | null;
  error: string | null;
}

/** What a run needs of its server. */
export interface ActionSettings {
  dataSources: DataSourceRegistry;
  allow: WebhookAllowList;
  /** One HTTP call's time limit (`WEBHOOK_TIMEOUT_MS`). */
  webhookTimeoutMs: number;
  log: FastifyBaseLogger;
  /** The extensions' tasks, which the task action runs. */
  tasks: TaskRegistry;
}

const TEXT_LIMIT = 1000;

const cut = (text: string | null): string | null => (text === null ? null : text.slice(0, TEXT_LIMIT));

const failed = (error: string, result: string | null = null): ActionOutcome => ({
  status: 'failed',
  result: cut(result),
  error: cut(error),
});

/**
 * The body a schedule sends: `{scheduleId, name, tick, at}` (ISO times: the tick it runs for, and
 * when it was sent).
 */
export const scheduleBody = (
  schedule: Pick<RunnableSchedule, 'id' | 'name'>,
  tick: number,
  at: Date,
): string =>
  JSON.stringify({
    scheduleId: schedule.id,
    name: schedule.name,
    tick: new Date(tick).toISOString(),
    at: at.toISOString(),
  });

/** The webhook action: the body sent (signed with the secret) through the checked outbound call; 2xx is ok. */
const callWebhook = async (
  schedule: RunnableSchedule,
  tick: number,
  settings: ActionSettings,
): Promise<ActionOutcome> => {
  if (!schedule.url) return failed('the schedule has no URL');
  const at = new Date();
  const body = scheduleBody(schedule, tick, at);
  const answer = await sendWebhook(
    {
      url: schedule.url,
      method: schedule.method || 'POST',
      headers: {
        ...extraHeaders(schedule.headers),
        'content-type': 'application/json',
        ...(schedule.secret ? { [SIGNATURE_HEADER]: signWebhook(schedule.secret, body, at) } : {}),
      },
      body,
      timeoutMs: settings.webhookTimeoutMs,
    },
    settings.allow,
  );
  if (answer.status === null) return failed(answer.error ?? 'no answer');
  const result = `HTTP ${String(answer.status)}`;
  if (answer.status >= 200 && answer.status < 300) return { status: 'ok', result, error: null };
  return failed(answer.body ? `${result}: ${answer.body}` : result, result);
};

const reasonOf = (error: unknown): string => {
  if (error instanceof ApiException) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
};

/**
 * The sql action: the saved statement, as it was approved, run on its data source by the SQL
 * console as the schedule's owner, who must be an enabled user holding `sql:execute` at every run;
 * every guard of the console applies (its role or account, its refusals, its ceilings and
 * timeout), and the statement is written to the audit log as the owner's. Not read-only: a
 * schedule runs statements to change data. The result is the rows it changed or returned.
 */
const runStatement = async (
  schedule: RunnableSchedule,
  tick: number,
  settings: ActionSettings,
): Promise<ActionOutcome> => {
  const primary = settings.dataSources.primary;
  if (schedule.ownerId === null) return failed('the schedule has no owner to run its statement as');
  const owner = await loadPrincipal(primary.knex, schedule.ownerId);
  if (!owner) return failed(`the owner (user ${String(schedule.ownerId)}) does not exist or is disabled`);
  const authorities = owner.authorities.map((authority) => authority.authority);
  if (!hasPermission(authorities, SQL_EXECUTE))
    return failed(`the owner ${owner.username} does not hold ${SQL_EXECUTE}`);
  const statement = await loadStatement(primary.knex, schedule.sqlQueryId);
  if (!statement) return failed(`saved SQL statement ${String(schedule.sqlQueryId)} does not exist`);
  if (schedule.sqlDigest !== statementDigest(statement))
    return failed(
      `saved SQL statement ${statement.name} changed after the schedule was saved: save the schedule again to run it as it is now`,
    );
  const source = settings.dataSources.get(statement.dataSource);
  if (!source) return failed(`data source ${statement.dataSource} is not configured`);
  const runtime = sqlConsoleOf(primary.knex);
  if (!runtime) return failed('the SQL console is not running on this server');
  const started = performance.now();
  let outcome = 'ok';
  let rowCount: number | null = null;
  try {
    const result = await runConsoleStatement(
      runtime,
      source,
      { username: owner.username, authorities },
      { sql: statement.sql, readOnly: false },
    );
    rowCount = result.rowCount;
    return {
      status: 'ok',
      result:
        result.columns.length > 0
          ? `${String(result.rowCount)} rows returned`
          : `${String(result.rowCount)} rows affected`,
      error: null,
    };
  } catch (error) {
    outcome = error instanceof ApiException ? error.code : 'failed';
    return failed(reasonOf(error));
  } finally {
    const elapsedMs = Math.round(performance.now() - started);
    settings.log.info(
      {
        user: owner.username,
        dataSource: source.name,
        readOnly: false,
        elapsedMs,
        outcome,
        sql: statement.sql.slice(0, 200),
        scheduleId: schedule.id,
        tick,
      },
      'sql console statement',
    );
    await recordAudit(
      primary.auth,
      settings.log,
      { userId: owner.id, userName: owner.username, requestId: null, address: null, userAgent: null },
      {
        action: 'sqlExecute',
        dataSource: source.name,
        detail: {
          sql: statement.sql,
          readOnly: false,
          rowCount,
          elapsedMs,
          outcome,
          scheduleId: schedule.id,
          tick: new Date(tick).toISOString(),
        },
      },
    );
  }
};

/**
 * The task action: the extension's task, given `{scheduleId, name, tick}` (the tick as ISO text) and
 * run for the schedule's owner, who must be an enabled user. Its returned text is the result.
 */
const runTask = async (
  schedule: RunnableSchedule,
  tick: number,
  settings: ActionSettings,
): Promise<ActionOutcome> => {
  if (!schedule.task) return failed('the schedule names no task');
  const primary = settings.dataSources.primary;
  if (schedule.ownerId === null) return failed('the schedule has no owner to run its task for');
  const owner = await loadPrincipal(primary.knex, schedule.ownerId);
  if (!owner) return failed(`the owner (user ${String(schedule.ownerId)}) does not exist or is disabled`);
  return runExtensionTask(settings.tasks, schedule.task, {
    input: { scheduleId: schedule.id, name: schedule.name, tick: new Date(tick).toISOString() },
    primary: primary.knex,
    dataSources: settings.dataSources,
    log: settings.log.child({ scheduleId: schedule.id, task: schedule.task }),
    user: { id: owner.id, username: owner.username },
  });
};

/**
 * The flow action: a run of the schedule's flow, waiting for a flow runner (it acts as the flow's
 * owner), given `{scheduleId, name, tick}` as its record. The result names the run; how the flow
 * went is the run's own row.
 */
const startFlow = async (
  schedule: RunnableSchedule,
  tick: number,
  settings: ActionSettings,
): Promise<ActionOutcome> => {
  if (schedule.flowId === null) return failed('the schedule names no flow');
  const ids = await startFlowRuns(
    settings.dataSources.primary.knex,
    { flowId: schedule.flowId },
    'schedule',
    {
      record: { scheduleId: schedule.id, name: schedule.name, tick: new Date(tick).toISOString() },
    },
  );
  if (ids.length === 0) return failed(`flow ${String(schedule.flowId)} does not exist or is disabled`);
  return { status: 'ok', result: `flow run ${ids.join(', ')} started`, error: null };
};

/** Runs what `schedule` does for `tick`; never throws. */
export const runScheduleAction = async (
  schedule: RunnableSchedule,
  tick: number,
  settings: ActionSettings,
): Promise<ActionOutcome> => {
  try {
    if (schedule.action === 'webhook') return await callWebhook(schedule, tick, settings);
    if (schedule.action === 'sql') return await runStatement(schedule, tick, settings);
    if (schedule.action === 'task') return await runTask(schedule, tick, settings);
    if (schedule.action === 'flow') return await startFlow(schedule, tick, settings);
    return failed(`unknown action ${schedule.action.slice(0, 40)}`);
  } catch (error) {
    return failed(reasonOf(error));
  }
};
