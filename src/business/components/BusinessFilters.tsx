import { DownOutlined, InfoCircleOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Badge, Button, Col, Flex, Input, Row, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Table } from '../../../contract';
import { useCaption } from '../../common/hooks/useCaption';
import { useScreenLayout } from '../../common/hooks/useScreenLayout';
import type { BusinessRecord } from '../lib/business-record';
import RelationPicker from './RelationPicker';
import { FilterControl } from './FilterControl';
import { captionSourceOf } from '../lib/business-cells';
import { filterText, PRIMARY_FILTERS, type FilterField, type FilterValues } from '../lib/business-filters';

export interface BusinessFiltersProps {
  fields: readonly FilterField[];
  relatedTables: Record<string, Table>;
  keyword: string;
  /** The keyword search reads every row (no search index): the input says so. */
  keywordScans?: boolean;
  values: FilterValues;
  onKeywordChange: (keyword: string) => void;
  onValuesChange: (values: FilterValues) => void;
  onQuery: () => void;
  onReset: () => void;
}

/**
 * Widths in the bar, beside the keyword: narrow enough that the keyword, three filters with their
 * labels and the buttons fit one line of a 1440 px screen, in English too.
 */
const KEYWORD_WIDTH = 200;
const BAR_FILTER_WIDTH = 128;
const BAR_PICKER_WIDTH = 168;
const BAR_RANGE_WIDTH = 216;

/**
 * The filter bar of a list (docs/product.md §2): the keyword (Enter queries), the few most useful
 * filters, 查询 and 重置, and "more filters" that opens the others below (a count says how many of
 * them are set).
 */
export const BusinessFilters = ({
  fields,
  relatedTables,
  keyword,
  keywordScans = false,
  values,
  onKeywordChange,
  onValuesChange,
  onQuery,
  onReset,
}: BusinessFiltersProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const caption = useCaption();
  // On a phone the keyword takes the whole line and the filters start at its edge.
  const { phone } = useScreenLayout();
  const primary = fields.slice(0, PRIMARY_FILTERS);
  const more = fields.slice(PRIMARY_FILTERS);
  const setMore = more.filter((field) => filterText(field, values[field.column.name], relatedTables) !== '');
  const [expanded, setExpanded] = useState(setMore.length > 0);
  const [picking, setPicking] = useState<FilterField | null>(null);
  const set = (name: string, value: FilterValues[string]) => onValuesChange({ ...values, [name]: value });

  const control = (field: FilterField, width: number | string) => (
    <FilterControl
      field={field}
      label={caption(captionSourceOf(field.column, field.relation))}
      value={values[field.column.name]}
      relatedTables={relatedTables}
      width={width}
      onChange={(value) => set(field.column.name, value)}
      onQuery={onQuery}
      onPick={() => setPicking(field)}
    />
  );
  const widthOf = (field: FilterField) => {
    if (field.kind === 'number' || field.kind === 'date' || field.kind === 'datetime') return BAR_RANGE_WIDTH;
    return field.kind === 'user' || field.kind === 'relation' ? BAR_PICKER_WIDTH : BAR_FILTER_WIDTH;
  };

  const pickingValue = picking ? values[picking.column.name] : undefined;
  return (
    <Flex vertical gap={token.marginSM}>
      <Flex align="center" gap={token.marginXS} wrap>
        <Input
          allowClear
          prefix={<SearchOutlined style={{ color: token.colorTextTertiary }} />}
          aria-label={t('businessList.keyword')}
          placeholder={t('businessList.keyword')}
          value={keyword}
          onChange={(event) => onKeywordChange(event.target.value)}
          onPressEnter={onQuery}
          style={phone ? { width: '100%' } : { width: KEYWORD_WIDTH }}
          suffix={
            keywordScans ? (
              <Tooltip title={t('businessList.keywordScans')}>
                <InfoCircleOutlined
                  data-keyword-scans
                  aria-label={t('businessList.keywordScans')}
                  style={{ color: token.colorTextTertiary }}
                />
              </Tooltip>
            ) : undefined
          }
        />
        {primary.map((field) => (
          <Flex
            key={field.column.name}
            align="center"
            gap={token.marginXXS}
            data-filter={field.column.name}
            style={phone ? undefined : { marginInlineStart: token.marginXS }}
          >
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {caption(captionSourceOf(field.column, field.relation))}
            </Typography.Text>
            {control(field, widthOf(field))}
          </Flex>
        ))}
        {/* the buttons keep together when the bar has to wrap */}
        <Flex align="center" gap={token.marginXS} wrap={false}>
          <Button type="primary" onClick={onQuery}>
            {t('businessList.query')}
          </Button>
          <Button onClick={onReset}>{t('businessList.reset')}</Button>
          {more.length > 0 && (
            <Button
              type="link"
              icon={expanded ? <UpOutlined /> : <DownOutlined />}
              aria-expanded={expanded}
              onClick={() => setExpanded(!expanded)}
              style={{ paddingInline: token.paddingXXS }}
            >
              {expanded ? t('businessList.fewerFilters') : t('businessList.moreFilters')}
              {setMore.length > 0 && !expanded && (
                <Badge count={setMore.length} size="small" color={token.colorPrimary} />
              )}
            </Button>
          )}
        </Flex>
      </Flex>
      {expanded && more.length > 0 && (
        <Row gutter={[token.margin, token.marginXS]}>
          {more.map((field) => (
            <Col key={field.column.name} xs={24} sm={12} md={8} xl={6}>
              <Flex vertical gap={2} data-filter={field.column.name}>
                <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                  {caption(captionSourceOf(field.column, field.relation))}
                </Typography.Text>
                {control(field, '100%')}
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
