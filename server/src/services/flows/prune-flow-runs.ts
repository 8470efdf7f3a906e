import type { Knex } from 'knex';
import { dateTimeText } from '../../db/clock';
import { deleteInBatches } from '../../db/delete-in-batches';
import { SYSTEM } from '../../db/table-names';

/**
 * Deletes the finished runs (ok, failed) created more than `days` ago, a thousand at a time; a run
 * still waiting or running stays. Answers how many went.
 */
export const pruneFlowRuns = (
  primary: Knex,
  days: number,
  now: Date,
  stopped: () => boolean = () => false,
): Promise<number> =>
  deleteInBatches(
    primary,
    SYSTEM.flowRun,
    (rows) =>
      rows
        .whereIn('status', ['ok', 'failed'])
        .where('createdDate', '<', dateTimeText(new Date(now.getTime() - days * 86_400_000))),
    { stopped },
  );
