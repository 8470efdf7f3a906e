import type { Knex } from 'knex';
import type { Sequence, SequenceType } from '../../../../contract/index';
import { inMetaTransaction, metaOf, retriedMetaTransaction, type MetaDb } from '../../db/metadata-home';
import { dialectOf } from '../../db/dialect';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { META } from '../../db/table-names';
import { inSource, sequencesOf } from '../scoped-meta';
import { toBool, toNumber, toNumberOrNull, toStringOrNull } from '../../db/values';
import { ApiException } from '../../errors/api-exception';
import { metadataMessage } from '../../i18n/metadata-messages';
import type { SequenceBody } from '../../schemas/sequence-body';
import { ErrorBag } from '../tables/error-bag';
import { insertReturningId } from '../../db/insert-returning-id';
import { whereSearch } from '../tables/table-queries';
import { mergeSequenceBody, sequenceDefFromBody, validateSequenceDef } from './sequence-def-from-body';
import type { SequenceDef } from './sequence-def';
import { withSchemaEvents, type SchemaItem } from '../webhooks/append-schema-events';

export type StoredSequence = Required<Sequence>;

export const toSequence = (row: Record<string, unknown>): StoredSequence => ({
  id: toNumber(row.id),
  name: String(row.name),
  caption: String(row.caption ?? ''),
  description: toStringOrNull(row.description),
  sequenceType: String(row.sequenceType) as SequenceType,
  currentTime: toBool(row.currentTime),
  format: toStringOrNull(row.format),
  minValue: toNumberOrNull(row.minValue),
  maxValue: toNumberOrNull(row.maxValue),
  nextValue: toNumberOrNull(row.nextValue),
  incrementBy: toNumberOrNull(row.incrementBy),
  cycle: toBool(row.cycle),
  createdDate: toNumber(row.createdDate),
  lastModifiedDate: toNumber(row.lastModifiedDate),
});

const rowOf = (sequence: SequenceDef) => ({
  name: sequence.name,
  caption: sequence.caption,
  description: sequence.description,
  sequenceType: sequence.sequenceType,
  currentTime: sequence.currentTime,
  format: sequence.format,
  minValue: sequence.minValue,
  maxValue: sequence.maxValue,
  nextValue: sequence.nextValue,
  incrementBy: sequence.incrementBy,
  cycle: sequence.cycle,
});

/**
 * Sequences as schema events carry them (webhooks): those of `ids` and those named `names`;
 * filed under no table (only a webhook of every table hears of them).
 */
export const sequenceSchemaItems = async (
  meta: MetaDb,
  ids: readonly number[],
  names: readonly string[] = [],
): Promise<SchemaItem[]> => {
  if (ids.length === 0 && names.length === 0) return [];
  const rows: Record<string, unknown>[] = await sequencesOf(meta)
    .select('*')
    .where((where) => {
      if (ids.length > 0) where.orWhereIn('id', ids);
      if (names.length > 0) where.orWhereIn('name', names);
    })
    .orderBy('id');
  return rows.map(toSequence).map((sequence) => ({
    object: 'sequence',
    id: sequence.id,
    name: sequence.name,
    table: null,
    names: [],
    value: sequence,
  }));
};

const filtered = (knex: Knex, search: string | undefined) =>
  whereSearch(sequencesOf(metaOf(knex)), ['name', 'caption'], search);

/** GET /api/metadata/sequences: a page, id DESC, `search` over name and caption. */
export const listSequences = async (
  knex: Knex,
  query: { offset: number; limit: number; search?: string },
): Promise<StoredSequence[]> => {
  const rows: Record<string, unknown>[] = await filtered(knex, query.search)
    .select('*')
    .orderBy('id', 'desc')
    .offset(query.offset)
    .limit(query.limit);
  return rows.map(toSequence);
};

/** Every sequence of the data source, id order (for the export file). */
export const allSequences = async (knex: Knex): Promise<StoredSequence[]> =>
  ((await sequencesOf(metaOf(knex)).select('*').orderBy('id')) as Record<string, unknown>[]).map(toSequence);

export const countSequences = async (knex: Knex, search?: string): Promise<number> =>
  toNumber(((await filtered(knex, search).count({ n: '*' }).first()) as { n: unknown } | undefined)?.n ?? 0);

/** One sequence by id, or 404. */
export const getSequence = async (knex: Knex, id: number): Promise<StoredSequence> => {
  const row = await sequencesOf(metaOf(knex)).where('id', id).first();
  if (!row) throw new ApiException('NOT_FOUND');
  return toSequence(row);
};

/** One sequence by name (ignoring case), or 404. */
/** The id of a sequence by name (any case), if there is one. */
export const findSequenceId = async (knex: Knex, name: string): Promise<number | undefined> => {
  const row = await sequencesOf(metaOf(knex))
    .select('id')
    .whereRaw('lower(??) = ?', ['name', name.toLowerCase()])
    .first();
  return row ? toNumber(row.id) : undefined;
};

export const getSequenceByName = async (knex: Knex, name: string): Promise<StoredSequence> => {
  const row = await sequencesOf(metaOf(knex)).whereRaw('lower(??) = ?', ['name', name.toLowerCase()]).first();
  if (!row) throw new ApiException('NOT_FOUND');
  return toSequence(row);
};

const assertNameFree = async (knex: Knex, name: string, id?: number) => {
  const query = sequencesOf(metaOf(knex))
    .select('id')
    .whereRaw('lower(??) = ?', ['name', name.toLowerCase()]);
  if (id !== undefined) query.whereNot('id', id);
  if (await query.first()) {
    throw new ApiException('CONFLICT', undefined, { name: metadataMessage('nameDuplicate', { name }) });
  }
};

/** POST /api/metadata/sequences: 201 id. */
export const createSequence = async (knex: Knex, body: SequenceBody): Promise<number> => {
  const errors = new ErrorBag();
  const sequence = sequenceDefFromBody(body, errors);
  validateSequenceDef(sequence, body, errors);
  errors.throwIfAny();
  await assertNameFree(knex, sequence.name);
  const now = Date.now();
  return inMetaTransaction(knex, (meta) =>
    withSchemaEvents(
      meta,
      (id) => sequenceSchemaItems(meta, id === undefined ? [] : [id]),
      () =>
        insertReturningId(
          meta.db,
          META.sequence,
          inSource(meta, { ...rowOf(sequence), createdDate: now, lastModifiedDate: now }),
        ),
    ),
  );
};

/** PATCH /api/metadata/sequences/{id}. */
export const updateSequence = async (knex: Knex, id: number, body: SequenceBody): Promise<void> => {
  // checked first against the row as it is now, so that a bad body is refused without a lock…
  const errors = new ErrorBag();
  const asked = mergeSequenceBody(await getSequence(knex, id), body);
  validateSequenceDef(asked, body, errors);
  errors.throwIfAny();
  await assertNameFree(knex, asked.name, id);
  // …then read again, merged and written under the row lock a draw takes (next-value.ts): a draw
  // committed meanwhile moved the counter, and the edit keeps it moved instead of writing back the
  // value read before. Run again as a whole when it loses to a concurrent transaction.
  await retriedMetaTransaction(knex, async (meta) => {
    const sql = sqlDialect(dialectOf(meta.db));
    await sql.claimWriteLock(meta.db, META.sequence, { id }, 'nextValue');
    const row: Record<string, unknown> | undefined = await sql
      .lockForUpdate(sequencesOf(meta).where('id', id))
      .first();
    if (!row) throw new ApiException('NOT_FOUND');
    const sequence = mergeSequenceBody(toSequence(row), body);
    const again = new ErrorBag();
    validateSequenceDef(sequence, body, again);
    again.throwIfAny();
    await withSchemaEvents(
      meta,
      () => sequenceSchemaItems(meta, [id]),
      () =>
        sequencesOf(meta)
          .where('id', id)
          .update({ ...rowOf(sequence), lastModifiedDate: Date.now() }),
    );
  });
};

/** DELETE one or many sequences: 404 if one is unknown, 409 if one fills a column; then all go. */
export const deleteSequences = async (knex: Knex, ids: readonly number[]): Promise<void> => {
  const unique = [...new Set(ids)];
  await inMetaTransaction(knex, async (meta) => {
    const rows: Record<string, unknown>[] = await sequencesOf(meta)
      .select('id', 'name')
      .whereIn('id', unique);
    if (rows.length !== unique.length) throw new ApiException('NOT_FOUND');
    const used = await meta.db(META.column).select('seqId').whereIn('seqId', unique).first();
    if (used) {
      const name = String(rows.find((row) => toNumber(row.id) === toNumber(used.seqId))?.name ?? '');
      throw new ApiException('CONFLICT', metadataMessage('sequenceInUse', { name }));
    }
    await withSchemaEvents(
      meta,
      () => sequenceSchemaItems(meta, unique),
      () => sequencesOf(meta).whereIn('id', unique).delete(),
    );
  });
};
