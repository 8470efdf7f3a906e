import { useCan } from '@refinedev/core';

/** The resource the access-control provider answers webhook management for (`webhook:manage`). */
export const WEBHOOK_RESOURCE = { name: 'webhooks', meta: { kind: 'webhook' } } as const;

/**
 * Whether the signed-in user may manage webhooks (`webhook:manage`, or super admin) as the
 * access-control provider answers; `undefined` while the answer is on its way. Reading the webhook
 * tables (which `business:*:read` allows too) is not enough.
 */
export const useWebhookAccess = (): boolean | undefined => {
  const { data } = useCan({
    resource: WEBHOOK_RESOURCE.name,
    action: 'list',
    params: { resource: WEBHOOK_RESOURCE },
  });
  return data?.can;
};
