import { PRIMARY } from '../../config';
import type { WriteHook } from '../../extensions/write-hooks';
import { parseFilterJson } from '../../query/parse-filter-json';
import type { WriteContext } from '../items/write-context';
import type { StoredTable } from '../metadata-rows';
import { ruleTableOf } from '../permissions/rule-table';
import { getMetaTableByName } from '../tables/table-queries';
import { systemTableMessage } from '../../i18n/system-table-messages';
import { checkFields } from '../system-tables/field-checks';
import { invalidFields } from '../system-tables/rule-errors';
import type { SystemTableRules } from '../system-tables/system-table-rules';
import { forgetWebhooks } from './enabled-webhooks';
import { listOf, WEBHOOK_ACTIONS } from './webhook-actions';
import { assertTargetUrl } from './assert-target-url';
import { isHeaderObjectText, RESERVED_HEADERS } from './extra-headers';
import type { WebhookAllowList } from './webhook-allow-list';

type Values = Record<string, unknown>;

export const WEBHOOK_METHODS = ['POST', 'PUT', 'PATCH'];

const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const checkWebhook = (values: Values, path: string): void => {
  checkFields(values, path, (check) => {
    check.oneOf('method', WEBHOOK_METHODS);
    check.json('condition');
  });
  const errors: Record<string, ReturnType<typeof systemTableMessage>> = {};
  if (Object.hasOwn(values, 'actions')) {
    const actions = listOf(values.actions);
    if (
      actions.length === 0 ||
      actions.some((action) => !(WEBHOOK_ACTIONS as readonly string[]).includes(action))
    )
      errors.actions = systemTableMessage('webhookActions', { values: WEBHOOK_ACTIONS.join(', ') });
  }
  if (Object.hasOwn(values, 'tables')) {
    const tables = listOf(values.tables);
    if (tables.length === 0 || tables.some((name) => name !== '*' && !TABLE_NAME.test(name)))
      errors.tables = systemTableMessage('webhookTables');
  }
  if (Object.hasOwn(values, 'headers') && !isHeaderObjectText(values.headers))
    errors.headers = systemTableMessage('webhookHeaders', { reserved: RESERVED_HEADERS.join(', ') });
  if (Object.keys(errors).length > 0) throw invalidFields(path, errors);
};

/**
 * The tables a webhook names exist in its data source, and its condition fits each of them as a
 * list filter would (a 400 naming `tables` or `condition` otherwise). With `*`, the condition is
 * tested against each table when a change comes: one it does not fit sends nothing.
 */
const checkTablesAndCondition = async (
  write: WriteContext,
  values: Values,
  current: Values,
  path: string,
): Promise<void> => {
  if (
    !Object.hasOwn(values, 'tables') &&
    !Object.hasOwn(values, 'condition') &&
    !Object.hasOwn(values, 'dataSource')
  )
    return;
  const names = listOf(values.tables ?? current.tables);
  if (names.includes('*')) return;
  const dataSource = String(values.dataSource ?? current.dataSource ?? PRIMARY);
  const condition = values.condition ?? current.condition ?? null;
  for (const name of names) {
    let table: StoredTable;
    try {
      table = await getMetaTableByName({ db: write.db, dataSource, sameHandle: true }, name);
    } catch {
      throw invalidFields(path, {
        tables: systemTableMessage('webhookUnknownTable', {
          name: name.slice(0, 64),
          dataSource: dataSource.slice(0, 64),
        }),
      });
    }
    if (typeof condition === 'string' && condition.trim() !== '')
      parseFilterJson(condition, ruleTableOf(table).query, `${path}condition`);
  }
};

/**
 * The secret is declared a password, so the business API never reads it back, exports it or
 * names its value anywhere; but a signature needs the secret itself, not a hash of it: it is kept
 * in `signingSecret`, a column no metadata declares. Schedules and flows keep theirs the same way.
 */
export const keepSigningSecret = (values: Values): void => {
  if (!Object.hasOwn(values, 'secret')) return;
  const secret = values.secret;
  delete values.secret;
  values.signingSecret = typeof secret === 'string' && secret !== '' ? secret : null;
};

/**
 * The webhook table (`webhook`): a known method, actions and table names, JSON headers and
 * condition, the secret kept aside; a new webhook belongs to (and reads as) its creator. Every
 * change forgets this server's list of webhooks at once.
 */
export const webhookRules: SystemTableRules = {
  beforeCreate: async ({ write, values, path }) => {
    checkWebhook(values, path);
    await checkTablesAndCondition(write, values, {}, path);
    keepSigningSecret(values);
    values.ownerId = write.userId || null;
    forgetWebhooks(write.db);
  },
  beforeUpdate: async ({ write, values, current, path }) => {
    checkWebhook(values, path);
    await checkTablesAndCondition(write, values, current, path);
    keepSigningSecret(values);
    forgetWebhooks(write.db);
  },
  beforeDelete: ({ write }) => {
    forgetWebhooks(write.db);
  },
};

/**
 * A webhook's address is checked when it is saved (400): an http(s) URL whose host resolves to
 * public addresses only, unless the administrator allowed it (`WEBHOOK_ALLOW_PRIVATE`). Delivery
 * checks it again, on the address it connects to and on every redirect.
 */
export const webhookTargetHook = (allow: WebhookAllowList): WriteHook => ({
  name: 'core',
  tables: ['webhook'],
  systemOnly: true,
  beforeCreate: ({ values, path }) => assertTargetUrl(values, path, allow),
  beforeUpdate: ({ values, path }) => assertTargetUrl(values, path, allow),
});
