import { isFilledOnCreate } from '../../../../contract/system-columns';
import type { StoredColumn } from '../metadata-rows';
import type { ItemRelation, ItemTable } from '../items/item-table';
import { isToOne } from '../items/item-table';

/** One column of an export: where its value comes from and its header. */
export interface ExportColumn {
  column: StoredColumn;
  /** The ManyToOne / OneToOneSubToMain relation this column holds the key of, if any. */
  relation: ItemRelation | null;
  header: string;
}

/** Never exported (docs/api.md §3): password hashes and the full-text body. */
const isExportable = (column: StoredColumn): boolean =>
  column.dataType !== 'PASSWORD' && column.indexType !== 'FULLTEXT';

/**
 * The columns of an export in table order: the selected ones (or all), never passwords or the
 * full-text body; headers are captions when asked for (and present), else names.
 */
export const exportColumns = (
  item: ItemTable,
  select: readonly string[] | undefined,
  useCaptions: boolean,
): ExportColumn[] => {
  const chosen = select && select.length > 0 ? new Set(select) : null;
  const toOne = new Map(
    item.relations.filter(isToOne).map((relation) => [relation.fromColumn.name, relation] as const),
  );
  return item.table.columns
    .filter((column) => isExportable(column) && (!chosen || chosen.has(column.name)))
    .map((column) => ({
      column,
      relation: toOne.get(column.name) ?? null,
      header: useCaptions && column.caption ? column.caption : column.name,
    }));
};

/** Columns a template asks for: insertable, not filled by the server, not auto-increment. */
export const templateColumns = (item: ItemTable): StoredColumn[] =>
  item.table.columns.filter(
    (column) =>
      isExportable(column) &&
      column.insertable !== false &&
      !column.autoIncrement &&
      !isFilledOnCreate(column.name),
  );
