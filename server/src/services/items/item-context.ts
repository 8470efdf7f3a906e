import type { Knex } from 'knex';
import { businessPermission, type BusinessAction } from '../../../../contract/index';
import { hasPermission } from '../../auth/permission';
import type { Client } from '../../config';
import { ApiException } from '../../errors/api-exception';
import type { StoredTable } from '../metadata-rows';

/** Who asks, and where: what every items operation gets. */
export interface ItemContext {
  db: Knex;
  dialect: Client;
  userId: number;
  authorities: readonly string[];
  /** Hash of the session token the request came with (a password change keeps that session). */
  sessionTokenHash?: string;
}

/** Whether the user holds `business:<table>:<action>` (or is the super admin). */
export const may = (
  context: ItemContext,
  table: Pick<StoredTable, 'name'>,
  action: BusinessAction,
): boolean => hasPermission(context.authorities, businessPermission(table.name, action));

/** 403 unless the user holds `business:<table>:<action>` (API.md §6). */
export const assertMay = (
  context: ItemContext,
  table: Pick<StoredTable, 'name'>,
  action: BusinessAction,
): void => {
  if (!may(context, table, action)) throw new ApiException('FORBIDDEN');
};
