import { CloseCircleOutlined, ZoomInOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, InputNumber, Segmented, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { choiceCaption, type Table } from '../../../contract';
import { useCaptionLanguage } from '../../common/hooks/useCaption';
import { ChoiceTag } from '../../fields/ChoiceTags';
import { DATE_FORMAT, relatedText } from '../lib/business-cells';
import type { FilterField, FilterValue, RangeValue } from '../lib/business-filters';
import type { BusinessRecord } from '../lib/business-record';
import { UserFilterSelect } from './UserFilterSelect';

type BoolChoice = 'any' | 'true' | 'false';

export interface FilterControlProps {
  field: FilterField;
  /** The column's caption in the UI language. */
  label: string;
  value: FilterValue;
  relatedTables: Record<string, Table>;
  onChange: (value: FilterValue) => void;
  /** Enter in a text box runs the query. */
  onQuery: () => void;
  /** Opens the relation picker of a relation filter. */
  onPick: () => void;
  width?: number | string;
}

const rangeOf = (value: FilterValue): RangeValue =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};

const dayOf = (text: string | undefined) => {
  if (!text) return null;
  const day = dayjs(text);
  return day.isValid() ? day : null;
};

/** One filter's control by its kind (business-filters): yes/no, options, picker, range, users or text. */
export const FilterControl = ({
  field,
  label,
  value,
  relatedTables,
  onChange,
  onQuery,
  onPick,
  width = '100%',
}: FilterControlProps) => {
  const { t } = useTranslation();
  const language = useCaptionLanguage();
  const { column } = field;
  switch (field.kind) {
    case 'choice': {
      const options = column.options ?? [];
      return (
        <Select<string[]>
          aria-label={label}
          mode="multiple"
          allowClear
          maxTagCount={2}
          optionFilterProp="label"
          placeholder={column.description ?? ''}
          value={
            Array.isArray(value) ? value.filter((chosen): chosen is string => typeof chosen === 'string') : []
          }
          onChange={(chosen) => onChange(chosen)}
          options={options.map((option) => ({ value: option.value, label: choiceCaption(option, language) }))}
          tagRender={({ value: chosen, closable, onClose }) => (
            <ChoiceTag
              value={String(chosen)}
              closable={closable}
              onClose={onClose}
              option={options.find((option) => option.value === chosen)}
            />
          )}
          style={{ width }}
        />
      );
    }
    case 'bool': {
      const choice: BoolChoice = typeof value === 'boolean' ? (String(value) as BoolChoice) : 'any';
      return (
        <Segmented<BoolChoice>
          aria-label={label}
          value={choice}
          options={[
            { value: 'any', label: t('businessList.any') },
            { value: 'true', label: t('common.yes') },
            { value: 'false', label: t('common.no') },
          ]}
          onChange={(next) => onChange(next === 'any' ? undefined : next === 'true')}
        />
      );
    }
    case 'relation': {
      const related = Array.isArray(value) ? (value as BusinessRecord[]) : [];
      const target = relatedTables[field.relation?.toTable.name ?? ''];
      const text = related
        .map((record) => relatedText(record, target, field.relation?.toColumn.name))
        .join(', ');
      return (
        <Space.Compact style={{ width }}>
          <Input aria-label={label} readOnly value={text} placeholder={column.description ?? ''} />
          {related.length > 0 && (
            <Button
              aria-label={`${t('businessList.clearPick')} ${label}`}
              icon={<CloseCircleOutlined />}
              onClick={() => onChange([])}
            />
          )}
          <Button
            aria-label={`${t('businessList.pick')} ${label}`}
            icon={<ZoomInOutlined />}
            onClick={onPick}
          />
        </Space.Compact>
      );
    }
    case 'user':
      return (
        <UserFilterSelect
          label={label}
          width={width}
          value={Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []}
          onChange={(ids) => onChange(ids)}
        />
      );
    case 'number': {
      const range = rangeOf(value);
      const side = (which: 'from' | 'to') => (
        <InputNumber<string>
          aria-label={`${label} ${t(`businessList.${which}`)}`}
          stringMode
          controls={false}
          placeholder={t(`businessList.${which}`)}
          value={range[which] ?? null}
          onChange={(next) => onChange({ ...range, [which]: next ?? undefined })}
          onPressEnter={onQuery}
          style={{ width: '50%' }}
        />
      );
      return (
        <Space.Compact style={{ width }}>
          {side('from')}
          {side('to')}
        </Space.Compact>
      );
    }
    case 'date':
    case 'datetime': {
      const range = rangeOf(value);
      return (
        <DatePicker.RangePicker
          aria-label={label}
          allowEmpty={[true, true]}
          format={DATE_FORMAT}
          placeholder={[t('businessList.from'), t('businessList.to')]}
          value={[dayOf(range.from), dayOf(range.to)]}
          onChange={(days) => {
            const [from, to] = days ?? [null, null];
            onChange({
              ...(from ? { from: from.format(DATE_FORMAT) } : {}),
              ...(to ? { to: to.format(DATE_FORMAT) } : {}),
            });
          }}
          style={{ width }}
        />
      );
    }
    default:
      return (
        <Input
          aria-label={label}
          allowClear
          value={typeof value === 'string' ? value : ''}
          placeholder={column.description ?? ''}
          onChange={(event) => onChange(event.target.value)}
          onPressEnter={onQuery}
          style={{ width }}
        />
      );
  }
};
