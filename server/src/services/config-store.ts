import type { Knex } from 'knex';
import { SYSTEM } from '../db/table-names';
import { toNumber, toStringOrNull } from '../db/values';

export interface ConfigRow {
  id: number;
  name: string | null;
  key: string;
  value: string | null;
}

export interface ConfigQuery {
  offset: number;
  limit: number;
  key?: string;
}

/** Rows of the primary `config` table, in id order. */
export const listConfig = async (knex: Knex, query: ConfigQuery): Promise<ConfigRow[]> => {
  const builder = knex(SYSTEM.config)
    .select('id', 'name', 'key', 'value')
    .orderBy('id')
    .offset(query.offset)
    .limit(query.limit);
  if (query.key !== undefined) builder.where('key', query.key);
  const rows: Record<string, unknown>[] = await builder;
  return rows.map((row) => ({
    id: toNumber(row.id),
    name: toStringOrNull(row.name),
    key: String(row.key),
    value: toStringOrNull(row.value),
  }));
};
