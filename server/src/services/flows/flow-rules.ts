/**
 * The flow table's rules, checked when a flow is saved (a 400 naming the field otherwise): a known
 * trigger; for event and button triggers a table of the flow's data source (stored by its API
 * name), and a condition that fits it as a list filter would; for events, the record actions; the
 * steps (flow-steps.ts), each webhook step's address checked as a webhook's is. The secret is kept
 * aside as a webhook's. Whoever chooses what a flow does (its trigger, table, condition or steps)
 * becomes its owner: event and schedule runs act as the owner, never as someone who did not choose.
 */
import { FLOW_TRIGGERS } from '../../../../contract/flows';
import { PRIMARY } from '../../config';
import type { WriteHook } from '../../extensions/write-hooks';
import { flowMessage } from '../../i18n/flow-messages';
import type { Localized } from '../../i18n/messages';
import { systemTableMessage } from '../../i18n/system-table-messages';
import { parseFilterJson } from '../../query/parse-filter-json';
import type { WriteContext } from '../items/write-context';
import type { StoredTable } from '../metadata-rows';
import { ruleTableOf } from '../permissions/rule-table';
import { changes } from '../system-tables/field-checks';
import { invalidFields } from '../system-tables/rule-errors';
import { getMetaTableByName } from '../tables/table-queries';
import type { WebhookAllowList } from '../webhooks/webhook-allow-list';
import { keepSigningSecret } from '../webhooks/webhook-rules';
import { checkWebhookTarget } from '../webhooks/webhook-target';
import { listOf } from '../webhooks/webhook-actions';
import { forgetFlows } from './event-flows';
import { parseFlowSteps, type StepCatalogue } from './flow-steps';

type Values = Record<string, unknown>;

/** What a flow's rules need to know of the server: its extensions' step kinds, tasks and triggers. */
export interface FlowCatalogue extends StepCatalogue {
  /** Triggers extensions registered (`<extension>:<trigger>`). */
  triggers: ReadonlySet<string>;
}

const EVENT_ACTIONS = ['create', 'update', 'delete', 'restore'];

/** The fields whose change makes the writer the flow's owner. */
const CHOICES = ['trigger', 'dataSource', 'tableName', 'actions', 'condition', 'steps'];

const after = (values: Values, current: Values, field: string): unknown =>
  Object.hasOwn(values, field) ? values[field] : current[field];

const blank = (value: unknown): boolean =>
  value === null || value === undefined || String(value).trim() === '';

const stepProblem = (n: number, message: Localized): Localized => ({
  zh: `第 ${String(n)} 步：${message.zh}`,
  en: `step ${String(n)}: ${message.en}`,
});

/** The flow's table, or a 400 on `tableName`. */
const tableOf = async (
  write: WriteContext,
  dataSource: string,
  name: string,
  path: string,
): Promise<StoredTable> => {
  try {
    return await getMetaTableByName({ db: write.db, dataSource, sameHandle: true }, name);
  } catch {
    throw invalidFields(path, {
      tableName: flowMessage('unknownTable', {
        name: name.slice(0, 64),
        dataSource: dataSource.slice(0, 64),
      }),
    });
  }
};

const checkFlow = async (
  write: WriteContext,
  values: Values,
  current: Values,
  path: string,
  catalogue: FlowCatalogue,
  allow: WebhookAllowList,
): Promise<void> => {
  const errors: Record<string, Localized> = {};
  const trigger = String(after(values, current, 'trigger') ?? 'button');
  const triggers = [...FLOW_TRIGGERS, ...catalogue.triggers];
  if (!triggers.includes(trigger)) errors.trigger = flowMessage('trigger', { values: triggers.join(', ') });
  if (trigger === 'event') {
    const actions = listOf(after(values, current, 'actions'));
    if (actions.length === 0 || actions.some((action) => !EVENT_ACTIONS.includes(action)))
      errors.actions = flowMessage('actions', { values: EVENT_ACTIONS.join(', ') });
  }
  const tableName = after(values, current, 'tableName');
  const needsTable = trigger === 'event' || trigger === 'button';
  if (needsTable && blank(tableName)) errors.tableName = flowMessage('tableRequired', { trigger });
  const parsed = parseFlowSteps(after(values, current, 'steps'), catalogue);
  if ('problem' in parsed) errors.steps = parsed.problem;
  else {
    for (const [i, step] of parsed.steps.entries()) {
      if (step.kind === 'update' && trigger === 'schedule') {
        errors.steps = flowMessage('stepNeedsRecord', { n: i + 1 });
        break;
      }
      if (step.kind !== 'webhook' || !Object.hasOwn(values, 'steps')) continue;
      const checked = await checkWebhookTarget(String(step.url), allow);
      if (!checked.ok) {
        errors.steps = stepProblem(
          i + 1,
          checked.reason === 'private'
            ? systemTableMessage('webhookPrivate')
            : checked.reason === 'unresolved'
              ? systemTableMessage('webhookUnresolved', { host: String(step.url).slice(0, 200) })
              : systemTableMessage('webhookUrl'),
        );
        break;
      }
    }
  }
  if (Object.keys(errors).length > 0) throw invalidFields(path, errors);
  if (blank(tableName)) return;
  const dataSource = String(after(values, current, 'dataSource') ?? PRIMARY);
  const table = await tableOf(write, dataSource, String(tableName), path);
  // stored by its API name: events and buttons match on it
  if (String(current.tableName ?? '') !== table.name) values.tableName = table.name;
  const condition = after(values, current, 'condition');
  if (typeof condition === 'string' && condition.trim() !== '')
    parseFilterJson(condition, ruleTableOf(table).query, `${path}condition`);
};

/** The flow table's rules as a write hook (they need the server's extensions and allow list). */
export const flowRulesHook = (catalogue: FlowCatalogue, allow: WebhookAllowList): WriteHook => ({
  name: 'core',
  tables: ['flow'],
  systemOnly: true,
  beforeCreate: async ({ write, values, path }) => {
    await checkFlow(write, values, {}, path, catalogue, allow);
    keepSigningSecret(values);
    values.ownerId = write.userId || null;
    forgetFlows(write.db);
  },
  beforeUpdate: async ({ write, values, current, path }) => {
    await checkFlow(write, values, current, path, catalogue, allow);
    keepSigningSecret(values);
    if (CHOICES.some((field) => changes(current, values, field))) values.ownerId = write.userId || null;
    forgetFlows(write.db);
  },
  beforeDelete: ({ write }) => {
    forgetFlows(write.db);
  },
});
