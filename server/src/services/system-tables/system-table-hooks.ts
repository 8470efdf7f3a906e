import type { FastifyBaseLogger } from 'fastify';
import { systemTableAuditHook } from '../audit/system-table-audit';
import { createWriteHooks, type WriteHook, type WriteHooks } from '../../extensions/write-hooks';
import { columnExtPropertyRules } from './column-ext-property-rules';
import { dataSourceHook } from './data-source-hook';
import { formLayoutRules } from './form-layout-rules';
import { roleRules } from './role-rules';
import type { SystemTableName, SystemTableRules } from './system-table-rules';
import { tablePermissionRules } from './table-permission-rules';
import { userRoleRules } from './user-role-rules';
import { userRules } from './user-rules';
import { webhookRules, webhookTargetHook } from '../webhooks/webhook-rules';
import { scheduleRules, scheduleTargetHook, scheduleTaskHook } from '../schedules/schedule-rules';
import type { TaskRegistry } from '../../extensions/extension-tasks';
import type { WebhookAllowList } from '../webhooks/webhook-allow-list';
import { flowRulesHook, type FlowCatalogue } from '../flows/flow-rules';

/**
 * The rules of crudboard's own tables, by table: every system table is listed, so a new one
 * states that it has none.
 */
export const SYSTEM_TABLE_RULES: Readonly<Record<SystemTableName, SystemTableRules>> = {
  user: userRules,
  role: roleRules,
  userRole: userRoleRules,
  config: {},
  menu: {},
  session: {},
  tableFormBuilder: formLayoutRules,
  columnExtProperty: columnExtPropertyRules,
  tablePermission: tablePermissionRules,
  sqlQuery: {},
  file: {},
  module: {},
  moduleLine: {},
  webhook: webhookRules,
  // read-only through the API: written by the writers' outbox and the delivery loop
  webhookDelivery: {},
  schedule: scheduleRules,
  // read-only through the API: written by the schedule runners
  scheduleRun: {},
  // its rules need the server's extensions: flowRulesHook
  flow: {},
  // read-only through the API: written by the writers' outbox and the flow runners
  flowRun: {},
};

const entries = Object.entries(SYSTEM_TABLE_RULES) as [SystemTableName, SystemTableRules][];

/** One hook per system table with record rules, watching that table alone. */
const recordHooks = (): WriteHook[] =>
  entries
    .filter(([, rules]) => rules.beforeCreate || rules.beforeUpdate || rules.beforeDelete)
    .map(([table, { beforeCreate, beforeUpdate, beforeDelete }]) => ({
      name: 'core',
      tables: [table],
      systemOnly: true,
      beforeCreate,
      beforeUpdate,
      // a soft delete only sets a flag: the rules are about removing rows
      beforeDelete: beforeDelete && ((event) => (event.soft ? undefined : beforeDelete(event))),
    }));

/** One hook per `beforeCommit` rule, watching every table that lists it: it runs once per write. */
const commitHooks = (): WriteHook[] =>
  [...new Set(entries.map(([, rules]) => rules.beforeCommit))].flatMap((beforeCommit) =>
    beforeCommit
      ? [
          {
            name: 'core',
            tables: entries
              .filter(([, rules]) => rules.beforeCommit === beforeCommit)
              .map(([table]) => table),
            systemOnly: true,
            beforeCommit,
          },
        ]
      : [],
  );

/**
 * The system-table rules as write hooks, registered like any extension's: they refuse a write
 * before it reaches the table, and check the tables as a whole before it commits.
 */
export const systemTableHooks: readonly WriteHook[] = [...recordHooks(), ...commitHooks()];

/**
 * The core's hooks (with the names of the configured data sources, which records about a data
 * source must name, the private addresses webhooks and schedules may reach, and the extensions'
 * tasks a schedule may name, and what flows' steps and triggers may name), then the extensions' (in the order they are listed).
 */
export const writeHooksWith = (
  extra: readonly WriteHook[],
  dataSources: readonly string[],
  log: FastifyBaseLogger,
  webhookAllowList: WebhookAllowList,
  tasks: TaskRegistry = new Map(),
  flows: FlowCatalogue = { extensionKinds: new Set(), tasks: new Set(tasks.keys()), triggers: new Set() },
): WriteHooks =>
  createWriteHooks(
    [
      ...systemTableHooks,
      dataSourceHook(dataSources),
      webhookTargetHook(webhookAllowList),
      scheduleTargetHook(webhookAllowList),
      scheduleTaskHook(tasks),
      flowRulesHook(flows, webhookAllowList),
      systemTableAuditHook,
      ...extra,
    ],
    log,
  );
