import type { RelationType } from '../../../../contract/index';
import { toNumber } from '../../db/values';
import { metaOf } from '../../db/metadata-home';
import { ApiException } from '../../errors/api-exception';
import { historyMessage } from '../../i18n/history-messages';
import { listMetaTables } from '../metadata-store';
import { relationsOf } from '../scoped-meta';
import { isToChildren, isToOne, type ItemTable } from '../items/item-table';
import type { WriteContext } from '../items/write-context';

/** A column of a record naming its parent: the parent's table and the parent column it matches. */
interface ParentLink {
  column: string;
  parentTable: { name: string; tableName: string };
  parentColumn: string;
}

/**
 * How the records of `item` name parents: its own ManyToOne / SubToMain relations (the foreign key
 * is its column), and the OneToMany / MainToSub relations of other tables that own its records
 * (the foreign key is its column the relation's target column names).
 */
const parentLinks = async (write: WriteContext, item: ItemTable): Promise<ParentLink[]> => {
  const own = item.relations.filter(isToOne).map((relation) => ({
    column: relation.fromColumn.name,
    parentTable: relation.toTable,
    parentColumn: relation.toColumn.name,
  }));
  const meta = metaOf(write.db);
  const owning: Record<string, unknown>[] = await relationsOf(meta).where('toTableId', item.table.id);
  const children = owning.filter((row) =>
    isToChildren({ relationType: String(row.relationType) as RelationType }),
  );
  if (children.length === 0) return own;
  const owners = new Map(
    (await listMetaTables(meta, [...new Set(children.map((row) => toNumber(row.fromTableId)))])).map(
      (table) => [table.id, table],
    ),
  );
  return [
    ...own,
    ...children.flatMap((row): ParentLink[] => {
      const owner = owners.get(toNumber(row.fromTableId));
      const parentColumn = owner?.columns.find((column) => column.id === toNumber(row.fromColumnId));
      const column = item.table.columns.find((candidate) => candidate.id === toNumber(row.toColumnId));
      return owner && parentColumn && column
        ? [{ column: column.name, parentTable: owner, parentColumn: parentColumn.name }]
        : [];
    }),
  ];
};

/**
 * A restore must not bring a record back pointing at a parent that is gone (hard-deleted since):
 * for each relation naming a parent through a column `values` sets to a value (not null), the
 * parent must exist (in the recycle bin counts: it can be restored too). Tables crudboard makes
 * have no foreign keys, so the database would not refuse it. 409 naming the column, in the
 * write's transaction before anything is written.
 */
export const assertParentsExist = async (
  write: WriteContext,
  item: ItemTable,
  values: Record<string, unknown>,
): Promise<void> => {
  if (Object.values(values).every((value) => value === null || value === undefined)) return;
  for (const link of await parentLinks(write, item)) {
    const value = values[link.column];
    if (value === null || value === undefined) continue;
    const found: unknown = await write
      .db(link.parentTable.tableName)
      .where(link.parentColumn, value)
      .first(link.parentColumn);
    if (found !== undefined) continue;
    const message = historyMessage('parentGone', {
      column: link.column,
      table: link.parentTable.name,
      value: String(value).slice(0, 100),
    });
    throw new ApiException('CONFLICT', message, { [link.column]: message });
  }
};
