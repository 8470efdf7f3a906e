import type { Knex } from 'knex';
import { HISTORY_MODES } from '../../../../contract/index';
import { META, SHARED_STATE } from '../../db/table-names';
import { storedHistoryRetention } from './stored-history-retention';
import { batchesAround, denseHolds, inRange, type BatchHead } from './batch-revisions';
import { batchEntries, batchKeyOf, batchWithout } from './pack-create-batches';
import {
  nextDeleteBatch,
  olderThan,
  pastExpired,
  prunePolicyOf,
  revisionsBeyond,
  type PrunePolicy,
  type RetentionRow,
} from './prune-policy';

export interface PruneOptions {
  /** The time the `days` rules count back from (default: now). */
  now?: number;
  /**
   * Revisions read per step and, at most, deleted per DELETE, each its own short statement
   * (default 1000); a DELETE taking long makes the next ones smaller.
   */
  batchSize?: number;
  /** The pause after each DELETE, so that writers go first (default 10 ms). */
  pauseMs?: number;
  /** Asked between batches: true stops the prune there (the server is closing). */
  stopped?: () => boolean;
}

export interface PruneReport {
  /** Tables with a `days` or `revisions` setting. */
  tables: number;
  deleted: number;
  /** DELETE statements run. */
  batches: number;
}

const ACTIONS = ['create', 'update', 'delete'] as const;
/** Records whose revisions a `revisions` prune counts per query. */
const RECORDS_PER_STEP = 200;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The tables whose setting prunes, as `primary`'s metadata holds them (every data source's). */
export const prunePolicies = async (primary: Knex, now: number): Promise<PrunePolicy[]> => {
  const rows: Record<string, unknown>[] = await primary(META.table)
    .whereIn(
      'historyMode',
      HISTORY_MODES.filter((mode) => mode === 'days' || mode === 'revisions'),
    )
    .select('dataSource', 'name', 'historyMode', 'historyKeep')
    .orderBy('id');
  return rows.flatMap((row) => {
    const retention: RetentionRow = {
      dataSource: String(row.dataSource),
      name: String(row.name),
      ...storedHistoryRetention(row),
    };
    return prunePolicyOf(retention, now) ?? [];
  });
};

class Pruner {
  readonly report: PruneReport = { tables: 0, deleted: 0, batches: 0 };
  private pending: (number | string)[] = [];
  /** Revisions the next DELETE takes (at most `batchSize`). */
  private deleteSize: number;

  constructor(
    private readonly primary: Knex,
    private readonly batchSize: number,
    private readonly pauseMs: number,
    private readonly stopped: () => boolean,
  ) {
    this.deleteSize = batchSize;
  }

  private revisions(policy: PrunePolicy) {
    return this.primary(SHARED_STATE.revision)
      .where('dataSource', policy.dataSource)
      .where('tableName', policy.tableName);
  }

  /**
   * Deletes the ids collected so far, a batch per statement (autocommitted), each followed by a
   * pause; the batch shrinks when a statement takes long and grows back when it is quick
   * (nextDeleteBatch).
   */
  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const ids = this.pending.splice(0, this.deleteSize);
      const started = performance.now();
      await this.primary(SHARED_STATE.revision).whereIn('id', ids).delete();
      this.deleteSize = nextDeleteBatch(ids.length, performance.now() - started, this.batchSize);
      this.report.deleted += ids.length;
      this.report.batches += 1;
      await pause(this.pauseMs);
    }
  }

  /** Whether the table has create batches (pack-create-batches.ts) at all. */
  private async hasBatches(policy: PrunePolicy): Promise<boolean> {
    return (await this.revisions(policy).whereNotNull('keyFrom').first('id')) !== undefined;
  }

  /**
   * The create batches that hold each of records `recordKeys` (integer key texts), oldest first:
   * one query for the step; a batch's values are read only when it does not hold its whole range.
   */
  private async batchesOf(
    policy: PrunePolicy,
    recordKeys: readonly string[],
  ): Promise<Map<string, number[]>> {
    const keys = recordKeys.flatMap((recordKey) => {
      const key = batchKeyOf(recordKey);
      return key === null ? [] : [{ recordKey, key }];
    });
    const holding = new Map<string, number[]>();
    if (keys.length === 0) return holding;
    const heads: BatchHead[] = await batchesAround(
      this.primary,
      policy.dataSource,
      policy.tableName,
      keys.map(({ key }) => key),
    )
      .orderBy('id')
      .select('id', 'keyFrom', 'keyTo', 'keyCount');
    for (const head of heads) {
      const asked = keys.filter(({ key }) => inRange(head, key));
      if (asked.length === 0) continue;
      let entries: Map<string, unknown> | null = null;
      for (const { recordKey, key } of asked) {
        if (!denseHolds(head, key)) {
          entries ??= batchEntries(
            String(
              (await this.primary(SHARED_STATE.revision).where('id', head.id).first('changes'))?.changes ??
                '[]',
            ),
          );
          if (!entries.has(recordKey)) continue;
        }
        holding.set(recordKey, [...(holding.get(recordKey) ?? []), Number(head.id)]);
      }
    }
    return holding;
  }

  /**
   * Takes records out of create batches (`taken`: batch id → key texts), each batch rewritten once
   * in its own short statement; a batch left empty is deleted.
   */
  private async takeFromBatches(taken: Map<number, Set<string>>): Promise<void> {
    for (const [id, recordKeys] of taken) {
      const row: { changes?: string } | undefined = await this.primary(SHARED_STATE.revision)
        .where('id', id)
        .first('changes');
      if (!row?.changes) continue;
      const kept = batchWithout(row.changes, recordKeys);
      if (kept.count === 0) await this.primary(SHARED_STATE.revision).where('id', id).delete();
      else {
        await this.primary(SHARED_STATE.revision)
          .where('id', id)
          .update({ changes: kept.changes, keyCount: kept.count });
      }
      this.report.deleted += recordKeys.size;
      this.report.batches += 1;
      await pause(this.pauseMs);
    }
    taken.clear();
  }

  private async collect(ids: (number | string)[]): Promise<void> {
    this.pending.push(...ids);
    if (this.pending.length >= this.batchSize) await this.flush();
  }

  /**
   * `days`: per action, walks the table's revisions in id order through `cb_revision_action`
   * (an index range, a batch at a time), deletes those old enough, and stops after a full batch
   * with none (pastExpired).
   */
  async days(policy: PrunePolicy, before: number): Promise<void> {
    for (const action of ACTIONS) {
      let after: number | string = 0;
      for (;;) {
        if (this.stopped()) return;
        const rows: { id: number | string; at: number | string }[] = await this.revisions(policy)
          .where('action', action)
          .where('id', '>', after)
          .orderBy('id')
          .limit(this.batchSize)
          .select('id', 'at');
        const batch = rows.map((row) => ({ id: row.id, at: Number(row.at) }));
        await this.collect(olderThan(batch, before).map((row) => row.id));
        const last = rows[rows.length - 1];
        if (!last || pastExpired(batch, this.batchSize, before)) break;
        after = last.id;
      }
    }
    await this.flush();
  }

  /**
   * `revisions`: counts the revisions of a step of records (in key order, through
   * `cb_revision_record`) and, for each with more than `keep`, deletes all but its newest `keep`.
   * A record's create that a batch holds counts among them and, when beyond, is taken out of it.
   */
  async revisionsPerRecord(policy: PrunePolicy, keep: number): Promise<void> {
    const batched = await this.hasBatches(policy);
    const taken = new Map<number, Set<string>>();
    let afterKey: string | null = null;
    for (;;) {
      if (this.stopped()) return;
      const query = this.revisions(policy);
      if (afterKey !== null) query.where('recordKey', '>', afterKey);
      const groups: { recordKey: string; count: number | string }[] = await query
        .groupBy('recordKey')
        .orderBy('recordKey')
        .limit(RECORDS_PER_STEP)
        .select('recordKey')
        .count({ count: '*' });
      const holding = batched
        ? await this.batchesOf(
            policy,
            groups.filter((group) => Number(group.count) >= keep).map((group) => group.recordKey),
          )
        : new Map<string, number[]>();
      for (const group of groups) {
        const count = Number(group.count);
        const batches = (holding.get(group.recordKey) ?? []).map((id) => ({ id }));
        let excess = revisionsBeyond(count + batches.length, keep);
        if (batches.length > 0 && excess > 0) {
          // the oldest beyond the newest `keep`, of both kinds
          const own: { id: number | string }[] = await this.revisions(policy)
            .where('recordKey', group.recordKey)
            .orderBy('id')
            .limit(excess)
            .select('id');
          const oldest = [
            ...own.map((row) => ({ id: Number(row.id), batch: false })),
            ...batches.map((batch) => ({ id: batch.id, batch: true })),
          ]
            .sort((a, b) => a.id - b.id)
            .slice(0, excess);
          for (const revision of oldest.filter((one) => one.batch)) {
            const keys = taken.get(revision.id) ?? new Set<string>();
            taken.set(revision.id, keys.add(group.recordKey));
          }
          await this.collect(oldest.filter((one) => !one.batch).map((one) => one.id));
          excess = 0;
        }
        while (excess > 0) {
          if (this.stopped()) return;
          // The oldest beyond the newest `keep`: a batch at a time, oldest first.
          const ids: { id: number | string }[] = await this.revisions(policy)
            .where('recordKey', group.recordKey)
            .orderBy('id')
            .limit(Math.min(excess, this.batchSize))
            .select('id');
          if (ids.length === 0) break;
          excess -= ids.length;
          await this.collect(ids.map((row) => row.id));
          await this.flush();
        }
      }
      await this.flush();
      await this.takeFromBatches(taken);
      const last = groups[groups.length - 1];
      if (groups.length < RECORDS_PER_STEP || !last) break;
      afterKey = last.recordKey;
    }
    await this.flush();
  }
}

/**
 * Deletes the revisions that tables' history settings no longer keep (contract/history-retention.ts):
 * `days`, those older than the days kept, a deleted record's last `delete` too (what the setting
 * asks for); `revisions`, all but each record's newest N, a `delete` counting among them. Small
 * batches, each its own short DELETE by id followed by a pause, so that writers never wait long.
 * One server at a time: see `pruneHistoryRound`.
 */
export const pruneHistory = async (primary: Knex, options: PruneOptions = {}): Promise<PruneReport> => {
  const now = options.now ?? Date.now();
  const pruner = new Pruner(
    primary,
    Math.max(1, options.batchSize ?? 1000),
    Math.max(0, options.pauseMs ?? 10),
    options.stopped ?? (() => false),
  );
  const policies = await prunePolicies(primary, now);
  pruner.report.tables = policies.length;
  for (const policy of policies) {
    if (options.stopped?.()) break;
    if (policy.rule.kind === 'days') await pruner.days(policy, policy.rule.before);
    else await pruner.revisionsPerRecord(policy, policy.rule.keep);
  }
  return pruner.report;
};
