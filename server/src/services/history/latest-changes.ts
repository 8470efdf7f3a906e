import type { Knex } from 'knex';
import type { LatestChange, RevisionAction, RevisionChannel } from '../../../../contract/revision';
import { SHARED_STATE } from '../../db/table-names';
import type { ItemContext } from '../items/item-context';
import type { ItemTable } from '../items/item-table';
import { parseRecordKey } from '../items/record-keys';
import { revisionKey } from './revision-log';
import { newestBatchOf } from './batch-revisions';

interface LatestRow {
  id: number | string;
  recordKey: string;
  action: string;
  at: number | string;
  userId: number | string | null;
  userName: string | null;
  channel: string;
}

/**
 * GET …/{table}/history/latest: the newest revision of each of the records `ids` names (URL key
 * texts), for "changed by X at T" in a list; a record without history is left out. Two indexed
 * steps in primary: the newest revision id per record (`cb_revision_record`), then those rows;
 * and the create batches that hold some of the records (batch-revisions.ts), newer when a record
 * has no revision since. No values, so no column rule is involved.
 */
export const latestChanges = async (
  primary: Knex,
  context: Pick<ItemContext, 'dataSource'>,
  item: ItemTable,
  ids: readonly string[],
): Promise<LatestChange[]> => {
  const askedAs = new Map<string, string>();
  for (const id of ids) askedAs.set(revisionKey(item, parseRecordKey(item, id)), id);
  const newest = (await primary(SHARED_STATE.revision)
    .where('dataSource', context.dataSource)
    .where('tableName', item.table.name)
    .whereIn('recordKey', [...askedAs.keys()])
    .groupBy('recordKey')
    .select('recordKey')
    .max({ id: 'id' })) as { recordKey: string; id: number | string }[];
  const rows =
    newest.length === 0
      ? []
      : ((await primary(SHARED_STATE.revision)
          .whereIn(
            'id',
            newest.map((row) => row.id),
          )
          .select('id', 'recordKey', 'action', 'at', 'userId', 'userName', 'channel')) as LatestRow[]);
  const latest = new Map(rows.map((row) => [row.recordKey, row]));
  const batches = await newestBatchOf(primary, context.dataSource, item, [...askedAs.keys()]);
  for (const [recordKey, batch] of batches) {
    const own = latest.get(recordKey);
    if (!own || Number(own.id) < Number(batch.id)) latest.set(recordKey, { ...batch, recordKey });
  }
  return [...latest.values()].flatMap((row): LatestChange[] => {
    const key = askedAs.get(row.recordKey);
    if (key === undefined) return [];
    return [
      {
        key,
        revisionId: Number(row.id),
        action: row.action as RevisionAction,
        time: Number(row.at),
        user: { id: row.userId === null ? null : Number(row.userId), name: row.userName },
        channel: row.channel as RevisionChannel,
      },
    ];
  });
};
