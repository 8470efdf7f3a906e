import { keyText, type ExtensionWriteHook } from '../sdk';
import { ACTIVITY_TABLE, type ActivityAction } from './activity-table';
import type { DeleteEvent, AfterCreateEvent, AfterUpdateEvent } from '../sdk';

type Event = AfterCreateEvent | AfterUpdateEvent | DeleteEvent;

const append = async (
  { write, item }: Event,
  action: ActivityAction,
  keys: readonly Record<string, unknown>[],
) => {
  // the system tables (users, roles, layouts) are not business activity, and hold secrets
  if (item.table.systemable || keys.length === 0) return;
  const primary = await write.primary();
  await primary(ACTIVITY_TABLE).insert(
    keys.map((key) => ({
      dataSource: write.dataSource,
      tableName: item.table.name,
      recordKey: keyText(item, key).slice(0, 500),
      action,
      userId: write.userId || null,
      createdAt: write.now.getTime(),
    })),
  );
};

/**
 * One activity row per record created, updated or deleted, in `primary`, committed with the write
 * (inside its transaction on `primary`; on another data source, just before it).
 */
export const activityHooks: ExtensionWriteHook = {
  tables: '*',
  afterCreate: (event) => append(event, 'create', [event.key]),
  afterUpdate: (event) => append(event, 'update', [event.key]),
  afterDelete: (event) => append(event, 'delete', event.keys),
};
