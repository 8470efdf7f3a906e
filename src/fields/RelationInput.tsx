import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useMany } from '@refinedev/core';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessPermission, type Relation, type Table } from '../../contract';
import type { BusinessRecord } from '../business/lib/business-record';
import RelationPicker from '../business/components/RelationPicker';
import { relatedText } from '../business/lib/business-cells';
import { recordTitle } from '../../contract';
import { bareKeys, withLoaded } from './relation-keys';
import type { FieldInputProps } from './types';

export interface RelationInputProps extends FieldInputProps {
  relation: Relation;
  relatedTable?: Table;
}

const asRecords = (value: unknown): BusinessRecord[] =>
  Array.isArray(value)
    ? value.filter((item): item is BusinessRecord => typeof item === 'object' && item !== null)
    : [];

/**
 * A to-one relation column: the picked record(s) shown by their title (`recordTitle`: the related
 * table's first text column, else the key; by its display columns while the table is unknown),
 * a button opening the relation picker (several records for a multiple-value column) and a clear
 * button. The value is the picked records; the payload takes their keys.
 */
export const RelationInput = ({
  id,
  column,
  value,
  onChange,
  disabled,
  relation,
  relatedTable,
}: RelationInputProps) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const tableName = relation.toTable.name ?? relatedTable?.name ?? '';
  const target = relation.toColumn.name ?? '';
  // Records known only by their key (a stored value not embedded, as in a sub-table row) are read
  // through Refine so that they show by their title, not as a bare number.
  const bare = relatedTable ? bareKeys(asRecords(value), target, relatedTable.primaryNames ?? []) : [];
  const { result } = useMany<BusinessRecord>({
    resource: tableName,
    ids: bare,
    meta: { requiredPermissions: [businessPermission(tableName, 'read')] },
    queryOptions: { enabled: bare.length > 0 && tableName !== '', retry: false },
    errorNotification: false,
  });
  const picked = asRecords(value);
  const text = withLoaded(picked, target, bare.length > 0 ? result.data : [])
    .map((record) =>
      relatedTable
        ? recordTitle(relatedTable, record)
        : relatedText(record, relatedTable, relation.toColumn.name),
    )
    .join(', ');
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input id={id} value={text} readOnly disabled={disabled} />
      {!disabled && picked.length > 0 && (
        <Button
          icon={<CloseCircleFilled />}
          aria-label={t('businessForm.clear')}
          onClick={() => onChange?.([])}
        />
      )}
      {!disabled && (
        <Button icon={<SearchOutlined />} onClick={() => setOpen(true)} disabled={tableName === ''}>
          {t('businessForm.pick')}
        </Button>
      )}
      {open && (
        <RelationPicker
          open
          tableName={tableName}
          multiple={Boolean(column.multipleValue)}
          value={picked}
          onOk={(records) => {
            onChange?.(records);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </Space.Compact>
  );
};
