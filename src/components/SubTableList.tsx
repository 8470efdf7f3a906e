import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Table, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../fields/FormField';
import type { FormFieldSpec, FormMode } from '../lib/form-fields';
import type { SubSection } from '../lib/form-sections';
import { isNewSubRow, newSubRow, SUB_LIST_PAGE_SIZE } from '../lib/sub-rows';

export interface SubTableListProps {
  section: SubSection;
  mode: FormMode;
  createFields: readonly FormFieldSpec[];
  updateFields: readonly FormFieldSpec[];
  readOnly?: boolean;
}

/**
 * The inline list of a one-to-many sub-table (docs/product.md §2): one row of inputs per child, add-row and
 * delete-row. A new row takes the create rules and a loaded one the edit rules; the foreign key
 * is left to the server. 100 rows a page (docs/product.md §9).
 */
export const SubTableList = ({ section, mode, createFields, updateFields, readOnly }: SubTableListProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const form = Form.useFormInstance();
  const shown = mode === 'create' ? createFields : updateFields;
  const specFor = (row: unknown, name: string) =>
    (typeof row === 'object' && row !== null && isNewSubRow(row as Record<string, unknown>)
      ? createFields
      : updateFields
    ).find((field) => field.column.name === name);
  return (
    <Form.List name={section.name}>
      {(rows, { add, remove }) => (
        <>
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
                    {spec.column.caption || spec.column.name}
                  </span>
                ),
                onCell: () => ({ style: { minWidth: 160, verticalAlign: 'top' as const } }),
                render: (_: unknown, row: { name: number }) => {
                  const field = specFor(form.getFieldValue([section.name, row.name]), spec.column.name);
                  if (!field) return null;
                  return <FormField field={field} mode={mode} name={[row.name, spec.column.name]} bare />;
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
