import { captionIn, type CaptionLanguage } from '../../../../contract/captions';
import { isChoiceColumn } from '../../../../contract/choice';
import { isFilledOnCreate } from '../../../../contract/system-columns';
import { kindOf } from '../../query/data-type-kind';
import type { StoredColumn } from '../metadata-rows';
import { cellKindOf, type XlsxCellKind } from './xlsx-cell-kind';
import type { ItemRelation, ItemTable } from '../items/item-table';
import { isToOne } from '../items/item-table';

/** One column of an export: where its value comes from and its header. */
export interface ExportColumn {
  column: StoredColumn;
  /** The ManyToOne / OneToOneSubToMain relation this column holds the key of, if any. */
  relation: ItemRelation | null;
  header: string;
  /** How a spreadsheet holds its values (a relation's record text is text). */
  cell: XlsxCellKind;
  /** A choice column exported by captions: the language of its options' captions; else null (values). */
  choiceLanguage: CaptionLanguage | null;
}

/** Never exported (docs/api.md §3): password hashes and the full-text body. */
const isExportable = (column: StoredColumn): boolean =>
  column.dataType !== 'PASSWORD' && column.indexType !== 'FULLTEXT';

/**
 * The columns of an export: the selected ones in the order they were asked for (the screen's), else
 * all in table order; never passwords or the full-text body. Headers are captions in the asker's
 * language when asked for (`captionIn`: that language's, else the default, else the other's, else
 * the name), else names.
 */
export const exportColumns = (
  item: ItemTable,
  select: readonly string[] | undefined,
  useCaptions: boolean,
  language: CaptionLanguage = 'zh-CN',
): ExportColumn[] => {
  const toOne = new Map(
    item.relations.filter(isToOne).map((relation) => [relation.fromColumn.name, relation] as const),
  );
  const byName = new Map(item.table.columns.map((column) => [column.name, column] as const));
  const chosen =
    select && select.length > 0
      ? [...new Set(select)].flatMap((name) => {
          const column = byName.get(name);
          return column ? [column] : [];
        })
      : item.table.columns;
  return chosen.filter(isExportable).map((column) => {
    const relation = toOne.get(column.name) ?? null;
    return {
      column,
      relation,
      header: useCaptions ? captionIn(column, language) : column.name,
      cell: cellKindOf(kindOf(column.dataType), column.scale, relation !== null),
      choiceLanguage: useCaptions && isChoiceColumn(column) ? language : null,
    };
  });
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
