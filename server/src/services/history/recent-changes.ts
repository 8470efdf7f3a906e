import type { Knex } from 'knex';
import type { RevisionAction, RevisionChannel } from '../../../../contract/revision';
import { SHARED_STATE } from '../../db/table-names';
import { batchMembers } from './batch-revisions';

/** One record change, without its values: who changed which record of which table, how and when. */
export interface RecentChange {
  /** The revision's id (newer changes have larger ids). */
  id: number;
  tableName: string;
  /** The record key as URLs write it. */
  recordKey: string;
  action: RevisionAction;
  userId: number | null;
  /** The user's name when the change was made. */
  userName: string | null;
  channel: RevisionChannel;
  /** Epoch milliseconds. */
  time: number;
}

interface Row {
  id: number | string;
  tableName: string;
  recordKey: string;
  action: string;
  userId: number | string | null;
  userName: string | null;
  channel: string;
  at: number | string;
  keyFrom: number | string | null;
  keyTo: number | string | null;
  keyCount: number | string | null;
}

/** A row as the changes it stands for: a create batch's, one per record it holds, the last key first. */
const expand = async (primary: Knex, row: Row): Promise<Row[]> => {
  if (row.keyFrom === null || row.keyTo === null || row.keyCount === null) return [row];
  const members = await batchMembers(primary, {
    id: row.id,
    keyFrom: row.keyFrom,
    keyTo: row.keyTo,
    keyCount: row.keyCount,
  });
  return members.reverse().map((recordKey) => ({ ...row, recordKey }));
};

/** How many revisions one call looks at, at most, when it leaves out the tables the caller may not read. */
export const RECENT_SCAN_LIMIT = 1000;

/**
 * The newest changes of one data source (of `table` only when given), newest first: at most
 * `limit` of those the caller may read (`mayRead(tableName)`), among the newest
 * `RECENT_SCAN_LIMIT` revisions. Read from the record history (services/history/), so a change
 * listed here is one that committed; a create batch (pack-create-batches.ts) lists its records.
 */
export const recentChanges = async (
  primary: Knex,
  dataSource: string,
  options: { table?: string; limit: number; mayRead: (table: string) => boolean },
): Promise<RecentChange[]> => {
  const query = primary<Row>(SHARED_STATE.revision).where('dataSource', dataSource).orderBy('id', 'desc');
  if (options.table !== undefined) query.where('tableName', options.table);
  const rows = (await query
    .limit(options.table === undefined ? RECENT_SCAN_LIMIT : options.limit)
    .select(
      'id',
      'tableName',
      'recordKey',
      'action',
      'userId',
      'userName',
      'channel',
      'at',
      'keyFrom',
      'keyTo',
      'keyCount',
    )) as Row[];
  const readable = new Map<string, boolean>();
  const mayRead = (name: string) => {
    if (!readable.has(name)) readable.set(name, options.mayRead(name));
    return readable.get(name) === true;
  };
  const listed: Row[] = [];
  for (const row of rows) {
    if (listed.length >= options.limit) break;
    if (mayRead(row.tableName)) listed.push(...(await expand(primary, row)));
  }
  return listed.slice(0, options.limit).map((row) => ({
    id: Number(row.id),
    tableName: row.tableName,
    recordKey: row.recordKey,
    action: row.action as RevisionAction,
    userId: row.userId === null ? null : Number(row.userId),
    userName: row.userName,
    channel: row.channel as RevisionChannel,
    time: Number(row.at),
  }));
};
