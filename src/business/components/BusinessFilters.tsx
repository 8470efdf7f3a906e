import { CloseCircleOutlined, DownOutlined, UpOutlined, ZoomInOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Input, Row, Segmented, Space, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Table } from '../../../contract';
import type { BusinessRecord } from '../lib/business-record';
import RelationPicker from './RelationPicker';
import { relatedText } from '../lib/business-cells';
import { VISIBLE_FILTERS, type FilterField, type FilterValues } from '../lib/business-filters';

export interface BusinessFiltersProps {
  fields: readonly FilterField[];
  relatedTables: Record<string, Table>;
  keyword: string;
  values: FilterValues;
  onKeywordChange: (keyword: string) => void;
  onValuesChange: (values: FilterValues) => void;
  onQuery: () => void;
  onReset: () => void;
}

type BoolChoice = 'any' | 'true' | 'false';

/** docs/product.md §2 list filters: keyword (Enter queries), one filter per queryable column, 查询 and 重置. */
export const BusinessFilters = ({
  fields,
  relatedTables,
  keyword,
  values,
  onKeywordChange,
  onValuesChange,
  onQuery,
  onReset,
}: BusinessFiltersProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [expanded, setExpanded] = useState(false);
  const [picking, setPicking] = useState<FilterField | null>(null);
  const shown = expanded ? fields : fields.slice(0, VISIBLE_FILTERS);
  const set = (name: string, value: FilterValues[string]) => onValuesChange({ ...values, [name]: value });

  const control = (field: FilterField) => {
    const { column } = field;
    const label = column.caption || column.name;
    const value = values[column.name];
    if (field.kind === 'bool') {
      const choice: BoolChoice = typeof value === 'boolean' ? (String(value) as BoolChoice) : 'any';
      return (
        <Segmented<BoolChoice>
          aria-label={label}
          size="small"
          value={choice}
          options={[
            { value: 'any', label: t('businessList.any') },
            { value: 'true', label: t('common.yes') },
            { value: 'false', label: t('common.no') },
          ]}
          onChange={(next) => set(column.name, next === 'any' ? undefined : next === 'true')}
        />
      );
    }
    if (field.kind === 'relation' && field.relation) {
      const related = Array.isArray(value) ? value : [];
      const target = relatedTables[field.relation.toTable.name ?? ''];
      const text = related
        .map((record) => relatedText(record, target, field.relation?.toColumn.name))
        .join(', ');
      return (
        <Space.Compact style={{ width: '100%' }}>
          <Input aria-label={label} readOnly value={text} placeholder={column.description ?? ''} />
          {related.length > 0 && (
            <Button
              aria-label={`${t('businessList.clearPick')} ${label}`}
              icon={<CloseCircleOutlined />}
              onClick={() => set(column.name, [])}
            />
          )}
          <Button
            aria-label={`${t('businessList.pick')} ${label}`}
            icon={<ZoomInOutlined />}
            onClick={() => setPicking(field)}
          />
        </Space.Compact>
      );
    }
    return (
      <Input
        aria-label={label}
        allowClear
        value={typeof value === 'string' ? value : ''}
        placeholder={column.description ?? ''}
        onChange={(event) => set(column.name, event.target.value)}
        onPressEnter={onQuery}
      />
    );
  };

  const pickingValue = picking ? values[picking.column.name] : undefined;
  return (
    <Flex vertical gap={token.marginSM}>
      <Flex align="center" gap={token.marginSM} wrap>
        <Input
          allowClear
          aria-label={t('businessList.keyword')}
          placeholder={t('businessList.keyword')}
          value={keyword}
          onChange={(event) => onKeywordChange(event.target.value)}
          onPressEnter={onQuery}
          style={{ width: 280 }}
        />
        <Button type="primary" onClick={onQuery}>
          {t('businessList.query')}
        </Button>
        <Button onClick={onReset}>{t('businessList.reset')}</Button>
        {fields.length > VISIBLE_FILTERS && (
          <Button
            type="link"
            icon={expanded ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? t('businessList.collapse') : t('businessList.expand')}
          </Button>
        )}
      </Flex>
      {shown.length > 0 && (
        <Row gutter={[token.margin, token.marginXS]}>
          {shown.map((field) => (
            <Col key={field.column.name} xs={24} sm={12} md={8} xl={6}>
              <Flex vertical gap={2} data-filter={field.column.name}>
                <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                  {field.column.caption || field.column.name}
                </Typography.Text>
                {control(field)}
              </Flex>
            </Col>
          ))}
        </Row>
      )}
      {picking?.relation && (
        <RelationPicker
          open
          tableName={picking.relation.toTable.name ?? ''}
          multiple
          value={Array.isArray(pickingValue) ? (pickingValue as BusinessRecord[]) : []}
          onOk={(records) => {
            set(picking.column.name, records);
            setPicking(null);
          }}
          onCancel={() => setPicking(null)}
        />
      )}
    </Flex>
  );
};
