import type { CrudFilter } from '@refinedev/core';
import type { AuditAction } from '../../../contract';

/** What the audit log's filter bar holds. */
export interface AuditFilterValues {
  /** A user's name (part of it) or id (digits only). */
  user?: string;
  actions?: readonly AuditAction[];
  /** A table's name (part of it). */
  table?: string;
  /** From and to, epoch milliseconds (both included). */
  range?: readonly [number, number] | null;
}

/**
 * The filter bar as Refine filters on the audit log's columns (docs/api.md §8): a user given by
 * digits is its id, else part of its name; any of the chosen actions; part of the table's name;
 * the time range. Blank fields filter nothing.
 */
export const auditFilters = ({ user, actions, table, range }: AuditFilterValues): CrudFilter[] => {
  const filters: CrudFilter[] = [];
  const who = user?.trim() ?? '';
  if (who !== '')
    filters.push(
      /^\d+$/.test(who)
        ? { field: 'userId', operator: 'eq', value: who }
        : { field: 'userName', operator: 'contains', value: who },
    );
  if (actions && actions.length > 0) filters.push({ field: 'action', operator: 'in', value: [...actions] });
  const name = table?.trim() ?? '';
  if (name !== '') filters.push({ field: 'tableName', operator: 'contains', value: name });
  if (range) filters.push({ field: 'at', operator: 'between', value: [range[0], range[1]] });
  return filters;
};
