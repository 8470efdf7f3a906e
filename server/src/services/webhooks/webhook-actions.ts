import type { RevisionAction } from '../../../../contract/revision';

/** What a webhook may subscribe to: a record created, changed, deleted (hard or soft) or restored. */
export const WEBHOOK_ACTIONS = ['create', 'update', 'delete', 'restore'] as const;
export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number];

/** The subscription a record change answers to: a soft delete is a delete. */
export const webhookActionOf = (action: RevisionAction): WebhookAction =>
  action === 'softDelete' ? 'delete' : action;

/** The names of a comma list (`tables`, `actions`), trimmed, without empty ones. */
export const listOf = (text: unknown): string[] =>
  typeof text === 'string'
    ? text
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '')
    : [];
