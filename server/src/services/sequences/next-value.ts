import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { META } from '../../db/table-names';
import { ApiException } from '../../errors/api-exception';
import { metadataMessage } from '../../i18n/metadata-messages';
import { advanceSequence } from './advance-sequence';
import { toSequence } from './sequence-store';

/**
 * The next value of a sequence (docs/api.md §2.2), atomically: the row is locked for the read and the
 * write (PostgreSQL and MySQL: SELECT ... FOR UPDATE; SQLite: a first write takes the database's
 * write lock), so concurrent callers never get the same counter value. 404 for an unknown id, 409
 * when a non-cycling counter is past its maxValue. Pass a transaction to draw inside it.
 */
export const nextValue = async (knex: Knex, seqId: number): Promise<number | string> => {
  const sql = sqlDialect(dialectOf(knex));
  return knex.transaction(async (trx) => {
    await sql.claimWriteLock(trx, META.sequence, { id: seqId }, 'nextValue');
    const row = await sql.lockForUpdate(trx(META.sequence).where('id', seqId)).first();
    if (!row) throw new ApiException('NOT_FOUND');
    const sequence = toSequence(row);
    const advance = advanceSequence(sequence, Date.now());
    if (advance.kind === 'exhausted') {
      throw new ApiException(
        'CONFLICT',
        metadataMessage('sequenceExhausted', { name: sequence.name, max: sequence.maxValue ?? '' }),
      );
    }
    if (advance.store !== undefined)
      await trx(META.sequence).where('id', seqId).update({ nextValue: advance.store });
    return advance.value;
  });
};
