import { useMany } from '@refinedev/core';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { businessPermission, recordTitle, type Column, type Relation, type Table } from '../../../contract';
import type { BusinessRecord } from '../lib/business-record';

export interface HistoryValueProps {
  value: unknown;
  /** The value as the list shows it (a caption, a date, a tag…), for a column without a relation. */
  render: (value: unknown) => ReactNode;
  column: Column;
  relation?: Relation;
  relatedTable?: Table;
  /**
   * Every key of the related table the history shows: each value asks for all of them, so one
   * request (Refine's `useMany`, shared through its cache) reads their titles.
   */
  relatedKeys?: readonly string[];
}

/** An empty value in a diff: a dash, dimmed. */
export const EmptyValue = () => <Typography.Text type="secondary">—</Typography.Text>;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * One value of a revision, shown as the list shows it: a related record by its title (its key as
 * `#11` while it cannot be read: the table is hidden from the user, or the record is gone).
 */
export const HistoryValue = ({
  value,
  render,
  column,
  relation,
  relatedTable,
  relatedKeys,
}: HistoryValueProps) => {
  const tableName = relation?.toTable.name ?? '';
  const byKey = Boolean(
    relation &&
    relatedTable &&
    relatedTable.primaryNames?.length === 1 &&
    relatedTable.primaryNames[0] === relation.toColumn.name,
  );
  const ids = byKey ? [...(relatedKeys ?? [])] : [];
  const { result } = useMany<BusinessRecord>({
    resource: tableName,
    ids,
    meta: { requiredPermissions: [businessPermission(tableName, 'read')] },
    queryOptions: { enabled: ids.length > 0, retry: false },
    errorNotification: false,
  });
  if (isEmpty(value)) return <EmptyValue />;
  if (!relation) return <>{render(value)}</>;
  const keys = String(value)
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  const target = relation.toColumn.name ?? '';
  const titles = keys.map((key) => {
    const found = result.data.find((record) => String(record[target]) === key);
    return found && relatedTable ? recordTitle(relatedTable, found) : `#${key}`;
  });
  return <span title={column.multipleValue ? keys.join(', ') : String(value)}>{titles.join(', ')}</span>;
};
