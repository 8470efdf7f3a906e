import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { metaOf, type MetaDb } from '../../db/metadata-home';
import type { SqlDialect } from '../../dialects/sql/sql-dialect';
import { META } from '../../db/table-names';
import { sequencesOf } from '../scoped-meta';
import { ApiException } from '../../errors/api-exception';
import { metadataMessage } from '../../i18n/metadata-messages';
import { advanceSequence } from './advance-sequence';
import { toSequence } from './sequence-store';
import { withCertificationRetry } from '../../db/certification-retry';

/**
 * The next value of a sequence (docs/api.md §2.2), atomically: the row is locked for the read and the
 * write (PostgreSQL and MySQL: SELECT ... FOR UPDATE; SQLite: a first write takes the database's
 * write lock), so concurrent callers never get the same counter value. 404 for an unknown id, 409
 * when a non-cycling counter is past its maxValue. Pass a transaction of `primary` to draw inside
 * it; another data source's sequences live in `primary`, so their values are drawn in a
 * transaction of their own (a value drawn for a write that then fails is skipped, as a database
 * sequence's would be).
 */
export const nextValue = async (knex: Knex, seqId: number): Promise<number | string> => {
  const meta = metaOf(knex);
  const sql = sqlDialect(dialectOf(meta.db));
  // A value drawn in a transaction of its own (not the caller's) is one short transaction on one
  // hot row: when it loses to another server's draw (a deadlock, or a Galera node's certification)
  // it is drawn again, more times than a whole write would be run again.
  return withCertificationRetry(
    () => draw(meta, sql, seqId),
    () => !meta.db.isTransaction,
    undefined,
    { tries: SEQUENCE_DRAW_TRIES },
  );
};

/** How many times a sequence value drawn in its own transaction is tried at most. */
export const SEQUENCE_DRAW_TRIES = 10;

const draw = (meta: MetaDb, sql: SqlDialect, seqId: number): Promise<number | string> =>
  meta.db.transaction(async (trx) => {
    await sql.claimWriteLock(trx, META.sequence, { id: seqId }, 'nextValue');
    const row = await sql.lockForUpdate(sequencesOf({ ...meta, db: trx }).where('id', seqId)).first();
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
