import type { AuditAction } from '../../../../contract/audit';
import type { WriteHook } from '../../extensions/write-hooks';
import type { ItemContext } from '../items/item-context';
import type { ItemTable } from '../items/item-table';
import { keyText } from '../items/record-keys';
import type { WriteContext } from '../items/write-context';
import type { SystemTableName } from '../system-tables/system-table-rules';
import type { AuditEvent, AuditOrigin } from './audit-row';
import { recordAuditIn } from './write-audit';

/** The system tables whose changes are audited, and the action each change is recorded as. */
export const AUDITED_TABLES = {
  user: 'userChange',
  role: 'roleChange',
  userRole: 'userRoleChange',
  tablePermission: 'tablePermissionChange',
  webhook: 'webhookChange',
  schedule: 'scheduleChange',
  flow: 'flowChange',
} as const satisfies Partial<Record<SystemTableName, AuditAction>>;

type AuditedTable = keyof typeof AUDITED_TABLES;

/** Columns the server keeps under another name than the one written (a webhook's, a schedule's secret). */
const WRITTEN_AS: Readonly<Record<string, string>> = { signingSecret: 'secret' };

/** Columns every write stamps: not worth naming among the changed fields. */
const STAMPS = new Set(['createdDate', 'lastModifiedDate', 'createdBy', 'lastModifiedBy']);

/**
 * The entry of one change of a user, role, user role, table permission, webhook, schedule or flow: the
 * record's key and the names of the fields written, never their values. A password set on another
 * user's record is a `passwordReset` (on one's own, a `passwordChange`).
 */
export const systemChangeEvent = (
  write: Pick<ItemContext, 'userId' | 'dataSource'>,
  item: ItemTable,
  operation: 'create' | 'update' | 'delete',
  key: Record<string, unknown>,
  values: Record<string, unknown> = {},
): AuditEvent[] => {
  const table = item.table.name as AuditedTable;
  const fields = Object.keys(values)
    .filter((name) => !STAMPS.has(name))
    .map((name) => WRITTEN_AS[name] ?? name);
  const recordKey = keyText(item, key);
  const events: AuditEvent[] = [
    {
      action: AUDITED_TABLES[table],
      dataSource: write.dataSource,
      table: item.table.name,
      detail: { operation, key: recordKey, ...(operation === 'delete' ? {} : { fields }) },
    },
  ];
  if (table === 'user' && operation === 'update' && fields.includes('password')) {
    const own = String(write.userId) === recordKey;
    events.push({
      action: own ? 'passwordChange' : 'passwordReset',
      dataSource: write.dataSource,
      table: item.table.name,
      detail: { userId: Number(recordKey) || recordKey },
    });
  }
  return events;
};

const originOf = (write: WriteContext): AuditOrigin =>
  write.audit?.origin ?? {
    userId: write.userId || null,
    userName: null,
    requestId: null,
    address: null,
    userAgent: null,
  };

const record = async (write: WriteContext, events: AuditEvent[]) => {
  const primary = await write.primary();
  for (const event of events) await recordAuditIn(primary, write.audit?.log, originOf(write), event);
};

/**
 * Records every change of users, roles, user roles, table permissions, webhooks, schedules and flows in the
 * write's own transaction (so an entry exists exactly when the change committed), each under a
 * savepoint whose failure is logged and does not undo the change. Watches crudboard's own tables only.
 */
export const systemTableAuditHook: WriteHook = {
  name: 'audit',
  tables: Object.keys(AUDITED_TABLES),
  systemOnly: true,
  afterCreate: ({ write, item, key, values }) =>
    record(write, systemChangeEvent(write, item, 'create', key, values)),
  afterUpdate: ({ write, item, key, values }) =>
    record(write, systemChangeEvent(write, item, 'update', key, values)),
  afterDelete: async ({ write, item, keys, soft }) => {
    for (const key of keys)
      await record(write, systemChangeEvent(write, item, 'delete', key, soft ? { deleted: true } : {}));
  },
};
