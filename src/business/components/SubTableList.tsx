import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Table, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Relation, Table as TableMeta, TruncatedChildren } from '../../../contract';
import { FormField } from '../../fields/FormField';
import type { FormFieldSpec, FormMode } from '../lib/form-fields';
import type { SubSection } from '../lib/form-sections';
import { appPaths } from '../../common/lib/menu';
import { isNewSubRow, newSubRow, SUB_LIST_PAGE_SIZE } from '../lib/sub-rows';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { useCaption } from '../../common/hooks/useCaption';

export interface SubTableListProps {
  section: SubSection;
  mode: FormMode;
  createFields: readonly FormFieldSpec[];
  updateFields: readonly FormFieldSpec[];
  readOnly?: boolean;
  /** The record holds only the first of its rows (docs/api.md §3): shown, never changed nor sent. */
  truncated?: TruncatedChildren | null;
  /** The rows' to-one relations by column (edited with the relation picker) and their tables. */
  toOne?: ReadonlyMap<string, Relation>;
  relatedTables?: Readonly<Record<string, TableMeta>>;
}

/** The note over a list the record holds only in part, with the way to the child table. */
const TruncatedNote = ({ section, truncated }: { section: SubSection; truncated: TruncatedChildren }) => {
  const { t } = useTranslation();
  const { dataSource } = useCurrentDataSource();
  const { token } = theme.useToken();
  const table = useCaption()(section.table);
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: token.marginSM }}
      message={t('businessForm.childrenTruncated', { shown: truncated.embedded, total: truncated.total })}
      action={
        <Link to={appPaths(dataSource).business(section.table.name)}>
          {t('businessForm.openChildTable', { table })}
        </Link>
      }
    />
  );
};

/**
 * The inline list of a one-to-many sub-table (docs/product.md §2): one row of inputs per child, add-row and
 * delete-row. A new row takes the create rules and a loaded one the edit rules; the foreign key
 * is left to the server. 100 rows a page (docs/product.md §9). A list the record holds only in
 * part is shown read-only under a note (saving leaves those rows alone).
 */
export const SubTableList = ({
  section,
  mode,
  readOnly: tableReadOnly,
  truncated,
  toOne,
  relatedTables,
  ...fields
}: SubTableListProps) => {
  const { t } = useTranslation();
  const caption = useCaption();
  const readOnly = Boolean(tableReadOnly || truncated);
  const lock = (specs: readonly FormFieldSpec[]) =>
    truncated ? specs.map((spec) => ({ ...spec, readOnly: true, required: false })) : specs;
  const createFields = lock(fields.createFields);
  const updateFields = lock(fields.updateFields);
  const { token } = theme.useToken();
  const form = Form.useFormInstance();
  const shown = mode === 'create' ? createFields : updateFields;
  // A foreign key is headed by its relation (Track, not TrackId) when the relation has a caption.
  const columnTitle = (name: string, fallback: string) => {
    const relation = toOne?.get(name);
    return relation && (relation.caption?.trim() || relation.captions) ? caption(relation) : fallback;
  };
  const specFor = (row: unknown, name: string) =>
    (typeof row === 'object' && row !== null && isNewSubRow(row as Record<string, unknown>)
      ? createFields
      : updateFields
    ).find((field) => field.column.name === name);
  return (
    <Form.List name={section.name}>
      {(rows, { add, remove }) => (
        <>
          {truncated && <TruncatedNote section={section} truncated={truncated} />}
          <Table
            size="small"
            rowKey="key"
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: SUB_LIST_PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: t('businessForm.noRows') }}
            columns={[
              ...shown.map((spec) => ({
                key: spec.column.name,
                title: (
                  <span>
                    {spec.required && <span style={{ color: token.colorError, marginInlineEnd: 4 }}>*</span>}
                    {columnTitle(spec.column.name, caption(spec.column))}
                  </span>
                ),
                onCell: () => ({ style: { minWidth: 160, verticalAlign: 'top' as const } }),
                render: (_: unknown, row: { name: number }) => {
                  const field = specFor(form.getFieldValue([section.name, row.name]), spec.column.name);
                  if (!field) return null;
                  const relation = toOne?.get(spec.column.name);
                  const target = relation?.toTable.name;
                  return (
                    <FormField
                      field={field}
                      mode={mode}
                      name={[row.name, spec.column.name]}
                      relation={relation}
                      relatedTable={target ? relatedTables?.[target] : undefined}
                      bare
                    />
                  );
                },
              })),
              ...(readOnly
                ? []
                : [
                    {
                      key: '$actions',
                      title: t('metadataList.actions'),
                      width: 80,
                      fixed: 'right' as const,
                      render: (_: unknown, row: { name: number }) => (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('businessForm.deleteRow')}
                          onClick={() => remove(row.name)}
                        />
                      ),
                    },
                  ]),
            ]}
          />
          {!readOnly && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              style={{ marginTop: token.marginSM }}
              onClick={() => add(newSubRow())}
            >
              {t('businessForm.addRow')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
};
