import { isFilledOnCreate, type Column, type Table } from '../../../contract';
import type { FormLayout } from './business-meta';
import { isListable, listColumns } from './business-cells';
import { titleColumnOf } from '../../../contract';

/** How many columns the relation picker shows at most: enough to tell records apart, no sideways scroll. */
export const PICKER_COLUMN_LIMIT = 5;

/**
 * The columns the relation picker lists: the table's list columns (its list layout, else all) in
 * their order, with its title column always among them, and without what does not help choose a
 * record: bookkeeping columns (creation and change dates, who made and changed it, the owner),
 * attachments and long text. At most PICKER_COLUMN_LIMIT.
 */
export const pickerColumns = (table: Table, layouts: readonly FormLayout[]): Column[] => {
  const title = titleColumnOf(table);
  const helps = (column: Column) =>
    column.name === title ||
    (!isFilledOnCreate(column.name) && column.dataType !== 'ATTACHMENT' && column.dataType !== 'LONGTEXT');
  const listed = listColumns(table, layouts).filter(helps);
  const titleColumn = table.columns.find((column) => column.name === title && isListable(table, column));
  const withTitle =
    titleColumn && !listed.includes(titleColumn)
      ? [
          ...listed.filter((column) => column.indexType === 'PRIMARY'),
          titleColumn,
          ...listed.filter((column) => column.indexType !== 'PRIMARY'),
        ]
      : listed;
  if (withTitle.length <= PICKER_COLUMN_LIMIT) return withTitle;
  // over the limit: keep the title column, drop from the end
  const kept = withTitle.slice(0, PICKER_COLUMN_LIMIT);
  if (titleColumn && !kept.includes(titleColumn)) kept[PICKER_COLUMN_LIMIT - 1] = titleColumn;
  return kept;
};
