import type { Knex } from 'knex';
import type { SequenceType } from '../../../../contract/index';
import { META } from '../../db/table-names';
import { toNumber } from '../../db/values';
import type { OtherTableNames } from './validate-table-def';

/** What the table rules need from the database: every table's names, every sequence's type. */
export const loadValidationContext = async (
  db: Knex,
): Promise<{ others: OtherTableNames[]; sequences: Map<number, SequenceType> }> => {
  const tables: Record<string, unknown>[] = await db(META.table).select(
    'id',
    'name',
    'pluralName',
    'tableName',
  );
  const sequences: Record<string, unknown>[] = await db(META.sequence).select('id', 'sequenceType');
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
