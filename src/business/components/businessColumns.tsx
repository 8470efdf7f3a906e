import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import { dataTypeTraits, type Column, type Relation, type Table } from '../../../contract';
import type { BusinessRecord } from '../lib/business-record';
import type { BusinessTableMeta } from '../hooks/useBusinessTable';
import {
  attachmentHref,
  cellText,
  listColumns,
  relationCellText,
  relationsByColumn,
  type CellLabels,
} from '../lib/business-cells';
import { chosenWidget, type WidgetChoice } from '../lib/column-widgets';
import { downloadHref } from '../../shared/lib/download-url';
import type { FieldDisplay } from '../../extensions/defineExtension';
import { extensionRegistry } from '../../extensions/registry';

/** Default width of a data column; text beyond it is cut with an ellipsis. */
export const DATA_COLUMN_WIDTH = 160;

const renderer = (
  column: Column,
  relation: Relation | undefined,
  relatedTable: Table | undefined,
  labels: CellLabels & { view: string },
  display: FieldDisplay | undefined,
) => {
  if (relation) {
    return (_: unknown, record: BusinessRecord) => relationCellText(record, column, relation, relatedTable);
  }
  if (display) {
    return (value: unknown, record: BusinessRecord) => display.render(value, record, column);
  }
  if (column.dataType === 'ATTACHMENT') {
    return (value: unknown) => {
      const href = attachmentHref(value);
      if (!href) return typeof value === 'string' ? value : '';
      return (
        <Typography.Link href={downloadHref(href)} target="_blank" rel="noopener noreferrer">
          {labels.view}
        </Typography.Link>
      );
    };
  }
  return (value: unknown) => cellText(column, value, labels);
};

/**
 * The data columns of a business list (docs/product.md §2, §5): the pc list layout's columns or all of them,
 * passwords and full-text left out, each with its one cheap renderer built once per table: the
 * relation's text, else the list cell chosen for the column in the table designer, else the data type's.
 */
export const businessColumns = (
  meta: BusinessTableMeta,
  labels: CellLabels & { view: string },
  displays: ReadonlyMap<string, FieldDisplay> = extensionRegistry.displays,
): TableColumnsType<BusinessRecord> => {
  const relations = relationsByColumn(meta.relations);
  const choice = (column: Column): WidgetChoice | undefined =>
    column.id === undefined ? undefined : meta.widgets?.get(column.id);
  return listColumns(meta.table, meta.layouts).map((column) => {
    const relation = relations.get(column.name);
    const relatedTable = relation ? meta.relatedTables[relation.toTable.name ?? ''] : undefined;
    return {
      key: column.name,
      dataIndex: column.name,
      title: column.caption || column.name,
      width: dataTypeTraits(column.dataType).cellWidth,
      ellipsis: true,
      align: dataTypeTraits(column.dataType).numeric && !relation ? ('right' as const) : undefined,
      render: renderer(
        column,
        relation,
        relatedTable,
        labels,
        chosenWidget(displays, choice(column)?.display, column.dataType),
      ),
    };
  });
};
