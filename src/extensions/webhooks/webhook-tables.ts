import { PRIMARY_DATA_SOURCE } from '../../common/lib/data-source';
import { appPaths, WEBHOOK_TABLE } from '../../common/lib/menu';

/** The system table of the webhooks' deliveries (one per event and webhook), read-only. */
export const DELIVERY_TABLE = 'webhookDelivery';

/** What becomes of a delivery, as the server writes it in `status`. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const isDeliveryStatus = (value: unknown): value is DeliveryStatus =>
  DELIVERY_STATUSES.includes(value as DeliveryStatus);

/** The antd tag colour of each status: waiting, done, retrying, given up. */
export const STATUS_COLORS: Record<DeliveryStatus, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'warning',
  dead: 'error',
};

/** Which of the two webhook tables a generic page shows, if either (they live in `primary` only). */
export const webhookTableOf = (tableName: string, dataSource: string): 'webhook' | 'delivery' | undefined => {
  if (dataSource !== PRIMARY_DATA_SOURCE) return undefined;
  if (tableName === WEBHOOK_TABLE) return 'webhook';
  if (tableName === DELIVERY_TABLE) return 'delivery';
  return undefined;
};

/**
 * Whether a delivery can be sent again: a dead, failed or delivered one can; a pending one is
 * already waiting (the server leaves it as it is). A status the list does not show is offered.
 */
export const mayResend = (status: unknown): boolean => status !== 'pending';

/** A record's key as the replay routes take it (a positive whole number), if it has one. */
export const replayId = (value: unknown): number | undefined => {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The deliveries list of one webhook (the generic list, filtered by `webhookId`). */
export const deliveriesPath = (webhookId: number): string =>
  `${appPaths(PRIMARY_DATA_SOURCE).business(DELIVERY_TABLE)}?f.webhookId=${webhookId}`;
