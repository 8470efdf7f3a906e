import type { CrudSort } from '@refinedev/core';
import type { TableColumnsType } from 'antd';
import { Image, Typography } from 'antd';
import {
  dataTypeTraits,
  isChoiceColumn,
  USER_ID_COLUMNS,
  type Column,
  type Relation,
  type Table,
} from '../../../contract';
import type { BusinessRecord } from '../lib/business-record';
import type { BusinessTableMeta } from '../hooks/useBusinessTable';
import {
  attachmentHref,
  byteSizeText,
  cellText,
  isByteSizeColumn,
  isImageHref,
  captionSourceOf,
  keyCellText,
  relationCellText,
  relationsByColumn,
  type CellLabels,
} from '../lib/business-cells';
import { listCellWidth } from '../lib/list-columns';
import { chosenWidget, type WidgetChoice } from '../lib/column-widgets';
import { downloadHref } from '../../common/lib/download-url';
import type { FieldDisplay } from '../../extensions/defineExtension';
import { extensionRegistry } from '../../extensions/registry';
import { ChoiceTags } from '../../fields/ChoiceTags';
import { userNamesOf } from '../../fields/UserNamesContext';

/** The words a list's cells use, and how a user's name reads in the UI language. */
export type ColumnLabels = CellLabels & { view: string; userName?: (name: string) => string };

/** Side of an attachment's thumbnail in a list cell, in pixels. */
export const THUMBNAIL_SIZE = 32;

const renderer = (
  table: Table,
  column: Column,
  relation: Relation | undefined,
  relatedTable: Table | undefined,
  labels: ColumnLabels,
  display: FieldDisplay | undefined,
) => {
  if (relation) {
    return (_: unknown, record: BusinessRecord) => relationCellText(record, column, relation, relatedTable);
  }
  if (display) {
    return (value: unknown, record: BusinessRecord) => display.render(value, record, column);
  }
  if (USER_ID_COLUMNS.includes(column.name)) {
    // who, by the name the server sends with the record; the id when it has none (the user is gone)
    return (value: unknown, record: BusinessRecord) => {
      const name = userNamesOf(record)[String(value)];
      return name === undefined ? cellText(column, value, labels) : (labels.userName?.(name) ?? name);
    };
  }
  if (isChoiceColumn(column)) return (value: unknown) => <ChoiceTags column={column} value={value} />;
  if (isByteSizeColumn(table, column)) return (value: unknown) => byteSizeText(value);
  if (column.dataType === 'ATTACHMENT') {
    return (value: unknown) => {
      const href = attachmentHref(value);
      if (!href) return typeof value === 'string' ? value : '';
      const link = downloadHref(href);
      if (isImageHref(href)) {
        return (
          <Image
            src={link}
            alt={labels.view}
            width={THUMBNAIL_SIZE}
            height={THUMBNAIL_SIZE}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
        );
      }
      return (
        <Typography.Link href={link} target="_blank" rel="noopener noreferrer">
          {labels.view}
        </Typography.Link>
      );
    };
  }
  return (value: unknown) => cellText(column, value, labels);
};

/**
 * The data columns of a business list (docs/product.md §2, §5): the given columns (those the list
 * shows, in its order), each headed by its caption in the UI language, sortable (not files), at
 * least as wide as its type needs, with its one cheap renderer built once per table: the
 * relation's text, else the list cell chosen for the column in the table designer, else the data
 * type's (a picture's thumbnail for an image attachment).
 */
export const businessColumns = (
  meta: BusinessTableMeta,
  columns: readonly Column[],
  labels: ColumnLabels,
  captionOf: (item: Pick<Column, 'name' | 'caption' | 'captions'>) => string,
  sorters: readonly CrudSort[] = [],
  displays: ReadonlyMap<string, FieldDisplay> = extensionRegistry.displays,
): TableColumnsType<BusinessRecord> => {
  const relations = relationsByColumn(meta.relations);
  const byKey = relationsByColumn(meta.keyRelations ?? []);
  const choice = (column: Column): WidgetChoice | undefined =>
    column.id === undefined ? undefined : meta.widgets?.get(column.id);
  return columns.map((column) => {
    const relation = relations.get(column.name);
    const relatedTable = relation ? meta.relatedTables[relation.toTable.name ?? ''] : undefined;
    const sorted = sorters.find((sorter) => sorter.field === column.name);
    return {
      key: column.name,
      dataIndex: column.name,
      title: captionOf(captionSourceOf(column, relation)),
      width: listCellWidth(column),
      ellipsis: true,
      align: dataTypeTraits(column.dataType).numeric && !relation ? ('right' as const) : undefined,
      ...(column.dataType === 'ATTACHMENT'
        ? {}
        : {
            sorter: true,
            sortOrder: sorted ? (sorted.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
          }),
      render: byKey.has(column.name)
        ? (value: unknown) => keyCellText(value)
        : renderer(
            meta.table,
            column,
            relation,
            relatedTable,
            labels,
            chosenWidget(displays, choice(column)?.display, column.dataType),
          ),
    };
  });
};
