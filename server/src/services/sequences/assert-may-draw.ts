import type { Knex } from 'knex';
import { businessPermission } from '../../../../contract/index';
import { hasPermission } from '../../auth/permission';
import { metaOf } from '../../db/metadata-home';
import { META } from '../../db/table-names';
import { tablesOf } from '../scoped-meta';
import { ApiException } from '../../errors/api-exception';
import { findSequenceId, getSequenceByName } from './sequence-store';

/** Who draws a value, and on which data source. */
export interface Drawer {
  authorities: readonly string[];
  dataSource: string;
}

/**
 * Who may draw the next value of a sequence by name: a holder of `metadata:write` (or the super
 * admin), or a user who may create records of a table one of whose columns uses the sequence.
 * Anyone else gets 403, whether or not the sequence exists, so a reader can neither use up a
 * counter the inserts depend on nor probe for sequence names. Returns the sequence's id.
 */
export const assertMayDraw = async (knex: Knex, drawer: Drawer, name: string): Promise<number> => {
  if (hasPermission(drawer.authorities, 'metadata:write')) return (await getSequenceByName(knex, name)).id;
  const id = await findSequenceId(knex, name);
  if (id === undefined) throw new ApiException('FORBIDDEN');
  const rows: { name: string }[] = await tablesOf(metaOf(knex), 't')
    .join(`${META.column} as c`, 't.id', 'c.tableId')
    .where('c.seqId', id)
    .distinct('t.name');
  const allowed = rows.some((row) =>
    hasPermission(drawer.authorities, businessPermission(String(row.name), 'create', drawer.dataSource)),
  );
  if (!allowed) throw new ApiException('FORBIDDEN');
  return id;
};
