import type { RevisionAction, RevisionChannel } from '../../../contract';

/** One row of `GET /api/ext/activity/recent`. */
export interface ActivityEntry {
  id: number;
  tableName: string;
  recordKey: string;
  action: RevisionAction;
  channel: RevisionChannel;
  userId: number | null;
  username: string | null;
  createdAt: number;
}

/** The link to a record of the entry (none for a deleted record, or one moved to the recycle bin). */
export const recordPath = (dataSource: string, entry: ActivityEntry): string | undefined =>
  entry.action === 'delete' || entry.action === 'softDelete'
    ? undefined
    : `/dataSource/${encodeURIComponent(dataSource)}/business/${encodeURIComponent(entry.tableName)}/${encodeURIComponent(entry.recordKey)}`;
