import type { Column, DataType, Table } from '../../../contract';
import { newColumn, withDataType } from '../../../src/designer/lib/column-draft';
import { buildTablePayload } from '../../../src/designer/lib/table-payload';
import { newTableDraft } from '../../../src/designer/lib/table-draft';

/** A column the user adds in the designer's grid: its name, caption, data type and what they changed. */
export interface AddedColumn extends Partial<Column> {
  name: string;
  caption: string;
  dataType: DataType;
}

/**
 * The body of `POST /api/metadata/tables` exactly as the table designer sends it for a new table:
 * its nine default columns (编号, 名称, 创建时间, 是否删除 …, with their default flags) followed
 * by the columns added in the grid, each drafted as "添加字段" drafts it, then given its data type.
 */
export const designerTable = (
  table: { name: string; caption: string; captionEn?: string; titleColumn?: string },
  columns: readonly AddedColumn[],
): Table => {
  const draft = newTableDraft();
  draft.name = table.name;
  draft.pluralName = `${table.name}s`;
  draft.tableName = table.name;
  draft.caption = table.caption;
  draft.captionEn = table.captionEn ?? '';
  draft.titleColumn = table.titleColumn ?? null;
  for (const { name, caption, dataType, ...changed } of columns) {
    draft.columns.push({ ...withDataType(newColumn(name, caption), dataType), ...changed });
  }
  return buildTablePayload(draft, { isNew: true });
};
