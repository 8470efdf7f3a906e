import type { Knex } from 'knex';
import { dateTimeText } from '../../db/clock';
import { deleteInBatches } from '../../db/delete-in-batches';
import { SYSTEM } from '../../db/table-names';

/**
 * Deletes the deliveries that are done (delivered, or given up as dead letters) and older than
 * `days`, a thousand at a time; open ones (pending, failed) stay whatever their age. Answers how
 * many went.
 */
export const pruneDeliveries = (
  primary: Knex,
  days: number,
  now: Date,
  stopped: () => boolean = () => false,
): Promise<number> => {
  const before = dateTimeText(new Date(now.getTime() - days * 86_400_000));
  return deleteInBatches(
    primary,
    SYSTEM.webhookDelivery,
    (rows) => rows.whereIn('status', ['delivered', 'dead']).where('createdDate', '<', before),
    { stopped },
  );
};
