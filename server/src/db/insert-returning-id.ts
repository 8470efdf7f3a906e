import type { Knex } from 'knex';
import { toNumber } from './values';

/** Inserts one row and returns its generated `id` on every dialect. */
export const insertReturningId = async (
  db: Knex,
  table: string,
  row: Record<string, unknown>,
): Promise<number> => {
  const result: unknown[] = await db(table).insert(row, ['id']);
  const first = result[0];
  return toNumber(typeof first === 'object' && first !== null ? (first as { id: unknown }).id : first);
};
