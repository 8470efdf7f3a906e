/** One row of `GET /api/ext/activity/recent`. */
export interface ActivityEntry {
  id: number;
  tableName: string;
  recordKey: string;
  action: 'create' | 'update' | 'delete';
  userId: number | null;
  username: string | null;
  createdAt: number;
}

/** The link to a record of the entry (none for a deleted record). */
export const recordPath = (dataSource: string, entry: ActivityEntry): string | undefined =>
  entry.action === 'delete'
    ? undefined
    : `/dataSource/${encodeURIComponent(dataSource)}/business/${encodeURIComponent(entry.tableName)}/${encodeURIComponent(entry.recordKey)}`;
