import type { Knex } from 'knex';
import { SYSTEM } from '../../db/table-names';
import { toBool, toNumber } from '../../db/values';
import { listOf, WEBHOOK_ACTIONS, type WebhookAction } from './webhook-actions';

/** An enabled webhook as the writers match changes against it. */
export interface ListeningWebhook {
  id: number;
  dataSource: string;
  /** Table names, or `*` for every table of the data source. */
  tables: ReadonlySet<string> | '*';
  actions: ReadonlySet<WebhookAction>;
  /** The filter JSON text a record must meet, or null. */
  condition: string | null;
  ownerId: number | null;
}

/**
 * How long a list of webhooks read is trusted: another server's change (a webhook created,
 * disabled) reaches the writers of this one within it. This server's own changes forget it at once.
 */
const TRUSTED_MS = 1000;

const lists = new WeakMap<object, { at: number; webhooks: Promise<readonly ListeningWebhook[]> }>();

const keyOf = (primary: Knex): object => primary.client.config as object;

const parse = (row: Record<string, unknown>): ListeningWebhook => {
  const tables = listOf(row.tables);
  const known = new Set<string>(WEBHOOK_ACTIONS);
  return {
    id: toNumber(row.id),
    dataSource: String(row.dataSource ?? 'primary'),
    tables: tables.includes('*') ? '*' : new Set(tables),
    actions: new Set(listOf(row.actions).filter((action) => known.has(action)) as WebhookAction[]),
    condition: typeof row.condition === 'string' && row.condition.trim() !== '' ? row.condition : null,
    ownerId: row.ownerId === null || row.ownerId === undefined ? null : toNumber(row.ownerId),
  };
};

/**
 * The enabled webhooks (in `primary`), read at most once a second per database and kept in
 * memory: every write asks, and most find none.
 */
export const listeningWebhooks = (primary: Knex): Promise<readonly ListeningWebhook[]> => {
  const key = keyOf(primary);
  const kept = lists.get(key);
  const now = Date.now();
  if (kept && now - kept.at < TRUSTED_MS) return kept.webhooks;
  const webhooks = primary(SYSTEM.webhook)
    .select('id', 'dataSource', 'tables', 'actions', 'condition', 'ownerId', 'enabled')
    .then((rows: Record<string, unknown>[]) => rows.filter((row) => toBool(row.enabled)).map(parse));
  lists.set(key, { at: now, webhooks });
  webhooks.catch(() => lists.delete(key));
  return webhooks;
};

/** Forgets the kept list of `primary`'s webhooks (a webhook was written here). */
export const forgetWebhooks = (primary: Knex): void => {
  lists.delete(keyOf(primary));
};

/** Whether a webhook listens to a change of `table` (of `dataSource`) by `action`. */
export const listensTo = (
  webhook: ListeningWebhook,
  dataSource: string,
  table: string,
  action: WebhookAction,
): boolean =>
  webhook.dataSource === dataSource &&
  webhook.actions.has(action) &&
  (webhook.tables === '*' || webhook.tables.has(table));

/**
 * Whether a webhook listens to a schema change in `dataSource` of a table, relation or sequence
 * filed under `names` (a table's name before and after; a relation's tables; none for a sequence,
 * which only `*` hears).
 */
export const listensToSchema = (
  webhook: ListeningWebhook,
  dataSource: string,
  names: readonly string[],
): boolean =>
  webhook.dataSource === dataSource &&
  webhook.actions.has('schema') &&
  (webhook.tables === '*' || names.some((name) => (webhook.tables as ReadonlySet<string>).has(name)));

/**
 * Whether a webhook listens to changes of users (`user`) or of roles and permissions
 * (`permission`): they belong to no data source, and its tables do not narrow them.
 */
export const listensToAccounts = (webhook: ListeningWebhook, action: 'user' | 'permission'): boolean =>
  webhook.actions.has(action);
