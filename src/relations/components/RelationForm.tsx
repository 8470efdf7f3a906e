import { Col, Form, Input, Row, Select, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { RELATION_TYPES, type RelationType, type Table } from '../../../contract';
import type { RelationDraft } from '../lib/relation-form';
import { keyLikeColumns, relationSides, type KeyRole } from '../lib/relation-rules';
import { useCaption } from '../../common/hooks/useCaption';

export interface RelationFormProps {
  value: RelationDraft;
  /** Every table of the data source, with columns. */
  tables: readonly Table[];
  tablesLoading?: boolean;
  /** Messages by field. */
  errors: Record<string, string>;
  onChange: (patch: Partial<RelationDraft>) => void;
  /** Enter in a text field submits. */
  onSubmit: () => void;
}

const tableLabel = (table: Table, caption: string) =>
  caption !== table.name ? `${caption} (${table.name})` : table.name;

/**
 * The relation form: 名称, 中文名称, 关系类型 (一对多 / 多对一 / 一对一(主子) / 一对一(子主)), the two
 * tables and, for each, its integer / CHAR / VARCHAR columns; each end says whether it is the key
 * or the foreign key for the chosen type.
 */
export const RelationForm = ({
  value,
  tables,
  tablesLoading,
  errors,
  onChange,
  onSubmit,
}: RelationFormProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const captionOf = useCaption();
  const sides = value.relationType ? relationSides(value.relationType) : undefined;
  const item = (field: keyof RelationDraft, required = false) => ({
    label: t(`relations.fields.${field}`),
    required,
    htmlFor: `relation-${field}`,
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field],
  });
  const tableOptions = tables
    .filter((table) => table.id !== undefined)
    .map((table) => ({
      value: table.id as number,
      label: tableLabel(table, captionOf(table)),
      search: `${table.name} ${table.caption ?? ''} ${captionOf(table)}`,
    }));
  const columnOptions = (tableId: number | null) =>
    keyLikeColumns(tables.find((table) => table.id === tableId)).map((column) => ({
      value: column.id as number,
      label: (
        <span>
          {captionOf(column) !== column.name ? `${captionOf(column)} (${column.name})` : column.name}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {column.dataType}
            {column.indexType === 'PRIMARY' ? ` · ${t('relations.primaryKey')}` : ''}
          </Typography.Text>
        </span>
      ),
      search: `${column.name} ${column.caption ?? ''} ${captionOf(column)}`,
    }));
  const role = (which: KeyRole | undefined) =>
    which ? (
      <Tag color={which === 'key' ? 'gold' : 'blue'} style={{ marginInlineStart: token.marginXS }}>
        {t(`relations.role.${which}`)}
      </Tag>
    ) : null;
  const filter = (input: string, option?: Record<string, unknown>) =>
    String(option?.search ?? '')
      .toLowerCase()
      .includes(input.trim().toLowerCase());

  return (
    <Form layout="vertical" component="div" style={{ maxWidth: 860 }}>
      <Row gutter={token.margin}>
        <Col xs={24} sm={12}>
          <Form.Item {...item('name', true)}>
            <Input
              id="relation-name"
              value={value.name}
              maxLength={64}
              placeholder="customer"
              onChange={(event) => onChange({ name: event.target.value })}
              onPressEnter={onSubmit}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item {...item('caption')}>
            <Input
              id="relation-caption"
              value={value.caption}
              maxLength={200}
              onChange={(event) => onChange({ caption: event.target.value })}
              onPressEnter={onSubmit}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            {...item('relationType', true)}
            extra={
              value.relationType ? t(`relations.typeHint.${value.relationType}`) : t('relations.typeHintNone')
            }
          >
            <Select<RelationType>
              id="relation-relationType"
              value={value.relationType ?? undefined}
              placeholder={t('relations.choose')}
              options={RELATION_TYPES.map((type) => ({
                value: type,
                label: t(`enums.relationType.${type}`),
              }))}
              onChange={(relationType) => onChange({ relationType })}
              style={{ maxWidth: 320 }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...item('fromTableId', true)}>
            <Select<number>
              id="relation-fromTableId"
              showSearch
              loading={tablesLoading}
              value={value.fromTableId ?? undefined}
              placeholder={t('relations.chooseTable')}
              options={tableOptions}
              filterOption={filter}
              onChange={(fromTableId) => onChange({ fromTableId })}
            />
          </Form.Item>
          <Form.Item
            {...item('fromColumnId', true)}
            label={
              <span>
                {t('relations.fields.fromColumnId')}
                {role(sides?.from)}
              </span>
            }
            extra={t('relations.columnsHint')}
          >
            <Select<number>
              id="relation-fromColumnId"
              showSearch
              disabled={value.fromTableId === null}
              value={value.fromColumnId ?? undefined}
              placeholder={
                value.fromTableId === null ? t('relations.chooseTableFirst') : t('relations.chooseColumn')
              }
              options={columnOptions(value.fromTableId)}
              filterOption={filter}
              notFoundContent={t('relations.noKeyColumns')}
              onChange={(fromColumnId) => onChange({ fromColumnId })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...item('toTableId', true)}>
            <Select<number>
              id="relation-toTableId"
              showSearch
              loading={tablesLoading}
              value={value.toTableId ?? undefined}
              placeholder={t('relations.chooseTable')}
              options={tableOptions}
              filterOption={filter}
              onChange={(toTableId) => onChange({ toTableId })}
            />
          </Form.Item>
          <Form.Item
            {...item('toColumnId', true)}
            label={
              <span>
                {t('relations.fields.toColumnId')}
                {role(sides?.to)}
              </span>
            }
            extra={t('relations.columnsHint')}
          >
            <Select<number>
              id="relation-toColumnId"
              showSearch
              disabled={value.toTableId === null}
              value={value.toColumnId ?? undefined}
              placeholder={
                value.toTableId === null ? t('relations.chooseTableFirst') : t('relations.chooseColumn')
              }
              options={columnOptions(value.toTableId)}
              filterOption={filter}
              notFoundContent={t('relations.noKeyColumns')}
              onChange={(toColumnId) => onChange({ toColumnId })}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item {...item('description')}>
            <Input.TextArea
              id="relation-description"
              value={value.description}
              maxLength={500}
              autoSize={{ minRows: 2, maxRows: 5 }}
              onChange={(event) => onChange({ description: event.target.value })}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
};
