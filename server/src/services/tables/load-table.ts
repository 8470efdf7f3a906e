import type { Knex } from 'knex';
import { ApiException } from '../../errors/api-exception';
import { listTables } from '../metadata-store';
import type { StoredTable } from '../metadata-rows';

/** One table's metadata by id, or 404. */
export const loadTable = async (knex: Knex, id: number): Promise<StoredTable> => {
  const [table] = await listTables(knex, [id]);
  if (!table) throw new ApiException('NOT_FOUND');
  return table;
};
