import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../../contract/index';
import { VIEW_AS_HEADER } from '../../../contract/index';
import { codesOf } from '../auth/api-token-rules';
import { hasPermission } from '../auth/permission';
import { ApiException } from '../errors/api-exception';
import { itemsMessage } from '../i18n/items-messages';
import { systemTableMessage } from '../i18n/system-table-messages';
import { invalidParam } from '../query/query-error';
import { hasRowRule } from '../services/items/row-filter';
import { loadPrincipal } from '../services/user-store';
import { openItem } from './open-item';
import { principalOf } from './session';

/** The user id a request asks to read as (the view-as header), or null when it does not ask. */
export const viewAsIdOf = (request: FastifyRequest): number | null => {
  const raw = request.headers[VIEW_AS_HEADER];
  if (raw === undefined) return null;
  const text = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const id = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(id) || id <= 0) {
    throw invalidParam(VIEW_AS_HEADER, itemsMessage('viewAsBadUser', { value: text.slice(0, 40) }));
  }
  return id;
};

/** 403 for a request that would change anything while viewing as another user. */
export const refuseViewAsWrite = (request: FastifyRequest): void => {
  if (request.headers[VIEW_AS_HEADER] === undefined) return;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    throw new ApiException('FORBIDDEN', itemsMessage('viewAsReadOnly'));
  }
};

/**
 * "View as user X" (docs/permissions.md): a read of a table's records answered exactly as user X
 * would get it, under X's permissions, column rules and row rules. Allowed to a caller who may set
 * table permissions and whose own view of the table is whole (no row rule on reading it, no column
 * hidden): so it never shows the caller anything the caller could not read anyway. Each such read
 * is audited (`viewAs`, with the user viewed as). Answers the principal to read as.
 */
export const viewAsPrincipal = async (
  request: FastifyRequest,
  tableName: string,
  userId: number,
): Promise<Principal> => {
  const codes = codesOf(principalOf(request));
  if (
    !hasPermission(codes, 'business:tablePermission:update') &&
    !hasPermission(codes, 'business:tablePermission:create')
  ) {
    throw new ApiException('FORBIDDEN', itemsMessage('viewAsNotAllowed'));
  }
  const own = await openItem(request, tableName, 'read', undefined, true);
  const hidden = own.context.rules.get(own.item.table.id)?.hidden.size ?? 0;
  if (hasRowRule(own.context, own.item.table, 'read') || hidden > 0) {
    throw new ApiException('FORBIDDEN', itemsMessage('viewAsLimited', { name: own.item.table.name }));
  }
  const target = await loadPrincipal(request.server.dataSources.primary.knex, userId);
  if (!target) {
    throw new ApiException('NOT_FOUND', systemTableMessage('previewUser', { id: String(userId) }));
  }
  await request.server.audit.record(request, {
    action: 'viewAs',
    dataSource: own.context.dataSource,
    table: own.item.table.name,
    detail: {
      viewedAs: { id: target.id, name: target.realname ?? target.username },
      method: request.method,
      url: request.url.slice(0, 500),
    },
  });
  return target;
};
