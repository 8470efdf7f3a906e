import type { Knex } from 'knex';
import type { SequenceType } from '../../../../contract/index';
import { metaOf } from '../../db/metadata-home';
import { toNumber } from '../../db/values';
import { sequencesOf, tablesOf } from '../scoped-meta';
import type { OtherTableNames } from './validate-table-def';

/** What the table rules need from the database: every table's names, every sequence's type. */
export const loadValidationContext = async (
  db: Knex,
): Promise<{ others: OtherTableNames[]; sequences: Map<number, SequenceType> }> => {
  const meta = metaOf(db);
  const tables: Record<string, unknown>[] = await tablesOf(meta).select(
    'id',
    'name',
    'pluralName',
    'tableName',
  );
  const sequences: Record<string, unknown>[] = await sequencesOf(meta).select('id', 'sequenceType');
  return {
    others: tables.map((row) => ({
      id: toNumber(row.id),
      name: String(row.name),
      pluralName: String(row.pluralName ?? row.name),
      tableName: String(row.tableName),
    })),
    sequences: new Map(sequences.map((row) => [toNumber(row.id), String(row.sequenceType) as SequenceType])),
  };
};
