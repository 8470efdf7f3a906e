import { isFilledOnCreate, type Column, type Table } from '../../../contract';
import { isListable } from './business-cells';
import { findLayout, type FormLayout } from './business-meta';

/**
 * The columns a list shows until the user chooses others: those of the saved pc list layout in its
 * order (when it names at least one listable column), else the table's own columns — every
 * listable column but the bookkeeping ones the server fills (created, modified, by whom, owner,
 * deleted), which the column chooser offers.
 */
export const defaultListColumns = (table: Table, layouts: readonly FormLayout[]): Column[] => {
  const shown = table.columns.filter((column) => isListable(table, column));
  const layout = findLayout(layouts, 'list');
  if (layout) {
    const byId = new Map(
      shown.filter((column) => column.id !== undefined).map((column) => [column.id, column]),
    );
    const picked = layout.body.flatMap((item) => {
      const column = byId.get(item.columnId);
      return column ? [column] : [];
    });
    if (picked.length > 0) return [...new Set(picked)];
  }
  return shown.filter((column) => !isFilledOnCreate(column.name));
};

/** What the column chooser offers, in screen order: the default columns, then the others in table order. */
export const chooserColumns = (table: Table, layouts: readonly FormLayout[]): Column[] => {
  const defaults = defaultListColumns(table, layouts);
  const rest = table.columns.filter((column) => isListable(table, column) && !defaults.includes(column));
  return [...defaults, ...rest];
};

/**
 * The columns the list shows, in screen order: the chosen names (as remembered) among the
 * chooser's columns; the default ones when nothing was chosen or nothing chosen is left.
 */
export const visibleListColumns = (
  table: Table,
  layouts: readonly FormLayout[],
  chosen: readonly string[] | null,
): Column[] => {
  if (!chosen) return defaultListColumns(table, layouts);
  const names = new Set(chosen);
  const visible = chooserColumns(table, layouts).filter((column) => names.has(column.name));
  return visible.length > 0 ? visible : defaultListColumns(table, layouts);
};

/**
 * The narrowest a list cell of a column gets, in pixels; wider screens share out the rest. Narrow
 * enough that a table of a handful of columns fits a 1440 px screen without scrolling sideways.
 */
export const listCellWidth = (column: Pick<Column, 'dataType'>): number => {
  switch (column.dataType) {
    case 'BOOL':
      return 80;
    case 'TINYINT':
    case 'SMALLINT':
    case 'MEDIUMINT':
    case 'INT':
    case 'BIGINT':
    case 'ATTACHMENT':
      return 96;
    case 'FLOAT':
    case 'DOUBLE':
    case 'DECIMAL':
    case 'DATE':
    case 'TIME':
      return 112;
    case 'DATETIME':
      return 168;
    default:
      return 128;
  }
};

/** Remembered column choices as stored (a JSON list of names); null for nothing usable. */
export const parseChosenColumns = (text: string | null): string[] | null => {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed)) return null;
    const names = parsed.filter((name): name is string => typeof name === 'string' && name !== '');
    return names.length > 0 ? names : null;
  } catch {
    return null;
  }
};
