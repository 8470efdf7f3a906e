import type { Knex } from 'knex';
import { businessPermission, type BusinessAction } from '../../../../contract/index';
import { hasPermission } from '../../auth/permission';
import type { Client } from '../../config';
import { ApiException } from '../../errors/api-exception';
import type { WriteHooks } from '../../extensions/write-hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditOrigin } from '../audit/audit-row';
import type { WriteOrigin } from '../history/revision-log';
import type { StoredTable } from '../metadata-rows';
import type { ColumnRules } from '../permissions/column-rules';
import type { RowScope } from '../permissions/row-scope';

/** Who asks, and where: what every items operation gets. */
export interface ItemContext {
  db: Knex;
  dialect: Client;
  userId: number;
  authorities: readonly string[];
  /** The name of the data source `db` belongs to: permissions name its tables through it. */
  dataSource: string;
  /** The user's column rules on this data source (none for the super admin). */
  rules: ColumnRules;
  /**
   * The user's row rules on this data source (services/permissions/row-scope.ts): absent for the
   * super admin and for server code that reads without them (an extension's own context).
   */
  rows?: RowScope;
  /** Record write hooks: the core's (system-table rules), then the extensions'. */
  hooks: WriteHooks;
  /** Who writes and how, for record history (default: an extension's own write). */
  origin?: WriteOrigin;
  /** Who asks through which request, for the audit log of user, role and permission changes. */
  audit?: { origin: AuditOrigin; log: FastifyBaseLogger };
  /** Hash of the session token the request came with (a password change keeps that session). */
  sessionTokenHash?: string;
  /** The request came with an API token: it may not set passwords. */
  viaApiToken?: boolean;
  /** A flow's step writes: its changes start no flow (webhooks still hear of them). */
  viaFlow?: boolean;
}

/**
 * Whether the user holds `business:<table>:<action>` (or is the super admin); a table of a data
 * source other than primary is named `<dataSource>.<table>`.
 */
export const may = (
  context: Pick<ItemContext, 'authorities' | 'dataSource'>,
  table: Pick<StoredTable, 'name'>,
  action: BusinessAction,
): boolean => hasPermission(context.authorities, businessPermission(table.name, action, context.dataSource));

/** 403 unless the user holds `business:<table>:<action>` (docs/api.md §6). */
export const assertMay = (
  context: ItemContext,
  table: Pick<StoredTable, 'name'>,
  action: BusinessAction,
): void => {
  if (!may(context, table, action)) throw new ApiException('FORBIDDEN');
};
