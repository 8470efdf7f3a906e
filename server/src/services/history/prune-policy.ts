import type { HistoryMode } from '../../../../contract/index';

const DAY_MS = 24 * 3600 * 1000;

/** What the prune does to one table's revisions (contract/history-retention.ts). */
export type PruneRule =
  /** Delete every revision written before `before` (epoch ms), a record's last `delete` too. */
  | { kind: 'days'; before: number }
  /** Keep each record's newest `keep` revisions (its `delete` counts among them), delete the rest. */
  | { kind: 'revisions'; keep: number };

export interface PrunePolicy {
  dataSource: string;
  tableName: string;
  rule: PruneRule;
}

/** A table's setting as its metadata row holds it. */
export interface RetentionRow {
  dataSource: string;
  name: string;
  historyMode: HistoryMode;
  historyKeep: number | null;
}

/** The prune a table's setting asks for at `now`, or null (`on` and `off` keep what there is). */
export const prunePolicyOf = (row: RetentionRow, now: number): PrunePolicy | null => {
  const keep = row.historyKeep;
  if (keep === null || !Number.isInteger(keep) || keep < 1) return null;
  const table = { dataSource: row.dataSource, tableName: row.name };
  if (row.historyMode === 'days') return { ...table, rule: { kind: 'days', before: now - keep * DAY_MS } };
  if (row.historyMode === 'revisions') return { ...table, rule: { kind: 'revisions', keep } };
  return null;
};

/** Of a batch of revisions, those written before `before`: what a `days` prune deletes. */
export const olderThan = <T extends { at: number }>(rows: readonly T[], before: number): T[] =>
  rows.filter((row) => row.at < before);

/**
 * Whether a `days` prune, walking a table's revisions in id order a batch at a time, is past the
 * old ones: the batch was full and none of it old enough. Ids grow with time, so what follows is
 * newer still; a revision out of step (an older one among newer ones) is caught by a later round.
 */
export const pastExpired = (batch: readonly { at: number }[], batchSize: number, before: number): boolean =>
  batch.length < batchSize || olderThan(batch, before).length === 0;

/** How many of a record's `count` revisions a `revisions` prune deletes (its oldest): all but `keep`. */
export const revisionsBeyond = (count: number, keep: number): number => Math.max(0, count - keep);

/** The longest a prune's DELETE should take: what a writer may have to wait behind it. */
export const DELETE_TARGET_MS = 20;
/** The fewest revisions a DELETE takes, however slow the database is. */
export const MIN_DELETE_BATCH = 50;

/**
 * The size of the next DELETE after one of `size` revisions took `tookMs`: halved when it took
 * longer than DELETE_TARGET_MS (not below MIN_DELETE_BATCH), doubled when it took under a quarter
 * of it (up to `max`), kept otherwise. Deleting a revision costs more as its indexes grow out of
 * the cache: the batch follows what the database can do in a short statement.
 */
export const nextDeleteBatch = (size: number, tookMs: number, max: number): number => {
  if (tookMs > DELETE_TARGET_MS) return Math.max(Math.min(MIN_DELETE_BATCH, max), Math.floor(size / 2));
  if (tookMs < DELETE_TARGET_MS / 4) return Math.min(max, size * 2);
  return size;
};
