import type { Knex } from 'knex';
import { deleteInBatches } from '../../db/delete-in-batches';
import { SYSTEM } from '../../db/table-names';

/**
 * Deletes the finished runs (ok, failed, skipped) of ticks older than `days`, a thousand at a
 * time; a run still `running` stays. Answers how many went.
 */
export const pruneRuns = (
  primary: Knex,
  days: number,
  now: Date,
  stopped: () => boolean = () => false,
): Promise<number> =>
  deleteInBatches(
    primary,
    SYSTEM.scheduleRun,
    (rows) =>
      rows
        .whereIn('status', ['ok', 'failed', 'skipped'])
        .where('tick', '<', now.getTime() - days * 86_400_000),
    { stopped },
  );
