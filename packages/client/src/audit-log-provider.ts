import type { AuditLogProvider, ILog } from '@refinedev/core';
import type { Revision } from '../../../contract';
import { recordHistoryCall, runCustom, type CustomMethod } from './custom-calls';

/** Most revisions the server sends in one page. */
const PAGE = 100;

/**
 * A revision in Refine's log shape: `data` holds the new values, `previousData` the old ones,
 * `meta` the revision as the server sent it (`changes`, `channel`, `requestId`, `time`).
 */
export type RevisionLog = ILog<Record<string, unknown>> & { meta: Revision & { recordId: string } };

export const revisionLog = (resource: string, recordId: string, revision: Revision): RevisionLog => {
  const data: Record<string, unknown> = {};
  const previousData: Record<string, unknown> = {};
  for (const change of revision.changes) {
    if (Object.hasOwn(change, 'new')) data[change.column] = change.new;
    if (Object.hasOwn(change, 'old')) previousData[change.column] = change.old;
  }
  return {
    id: revision.id,
    createdAt: new Date(revision.time).toISOString(),
    author: revision.user,
    resource,
    action: revision.action,
    data,
    previousData,
    meta: { ...revision, recordId },
  };
};

export interface RecordLogMeta {
  /** The record's key, as in its URL (`k1=v1,k2=v2` for a composite key). */
  id: string | number;
  dataSource?: string;
  /** How many of the newest revisions to read (default 100); pages of 100 are read in turn. */
  limit?: number;
}

/**
 * Refine's audit-log provider on crudboard's record history: `get` reads the revisions of one
 * record (`useLogList({ resource, meta: { id } })`), newest first. The server writes a revision in
 * the transaction of every committed write, so there is no `create` (a log the browser writes
 * could be forged and would count each change twice) and no `update` (revisions are not renamed);
 * Refine calls both only when they exist.
 */
export const createAuditLogProvider = (custom: CustomMethod | undefined): AuditLogProvider =>
  ({
    get: async ({ resource, meta }) => {
      const { id, dataSource, limit = PAGE } = (meta ?? {}) as Partial<RecordLogMeta>;
      if (id === undefined || id === '')
        throw new Error('auditLogProvider.get needs meta.id, the record key');
      const recordId = String(id);
      const logs: RevisionLog[] = [];
      for (let offset = 0; offset < limit; offset += PAGE) {
        const size = Math.min(PAGE, limit - offset);
        const page = await runCustom<Revision[]>(
          custom,
          recordHistoryCall(resource, recordId, { offset, limit: size }, dataSource),
        );
        logs.push(...page.map((revision) => revisionLog(resource, recordId, revision)));
        if (page.length < size) break;
      }
      return logs;
    },
  }) as AuditLogProvider;
