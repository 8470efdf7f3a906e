import type { RevisionAction } from '../../../../contract/revision';

/**
 * What a webhook may subscribe to: a record created, changed, deleted (hard or soft) or restored;
 * a schema changed (a table with its columns and indexes, a relation, a sequence: `schema`); a
 * user or their roles changed (`user`); a role or a table permission changed (`permission`).
 */
export const WEBHOOK_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'schema',
  'user',
  'permission',
] as const;
export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number];

/** The actions of a record of a business table. */
export type RecordAction = Exclude<WebhookAction, 'schema' | 'user' | 'permission'>;

/** The subscription a record change answers to: a soft delete is a delete. */
export const webhookActionOf = (action: RevisionAction): RecordAction =>
  action === 'softDelete' ? 'delete' : action;

/**
 * crudboard's own tables whose changes are events, and the action a webhook subscribes to them
 * with: users and who holds which role are `user`, roles and table permissions `permission`.
 */
const ACCOUNT_TABLES: Readonly<Record<string, 'user' | 'permission'>> = {
  user: 'user',
  userRole: 'user',
  role: 'permission',
  tablePermission: 'permission',
};

/** The action of a change of one of crudboard's own tables, or null for a table that sends none. */
export const accountActionOf = (table: string): 'user' | 'permission' | null =>
  Object.hasOwn(ACCOUNT_TABLES, table) ? (ACCOUNT_TABLES[table] ?? null) : null;

/** The names of a comma list (`tables`, `actions`), trimmed, without empty ones. */
export const listOf = (text: unknown): string[] =>
  typeof text === 'string'
    ? text
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '')
    : [];
