import { Col, Form, Input, InputNumber, Radio, Row, Switch, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { SEQUENCE_TYPES, type SequenceType } from '../../contract';
import { isSequenceFieldEnabled, type SequenceDraft, type SequenceField } from './sequence-form';

export interface SequenceFormProps {
  value: SequenceDraft;
  /** Messages by field. */
  errors: Record<string, string>;
  onChange: (patch: Partial<SequenceDraft>) => void;
  /** Enter in a text field submits. */
  onSubmit: () => void;
}

const NUMBER_FIELDS = ['minValue', 'maxValue', 'nextValue', 'incrementBy'] as const;

/**
 * The sequence form: 编码, 名称, 类型 (数字 / 字符串 / GUID), 时间戳, 格式, 最小值, 最大值, 下一个值,
 * 步长, 循环, 描述; fields the chosen type does not use are disabled.
 */
export const SequenceForm = ({ value, errors, onChange, onSubmit }: SequenceFormProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const enabled = (field: SequenceField) => isSequenceFieldEnabled(value, field);
  const item = (field: keyof SequenceDraft, required = false) => ({
    label: t(`sequences.fields.${field}`),
    required,
    htmlFor: `sequence-${field}`,
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field],
  });
  const formatHint =
    value.sequenceType === 'STRING'
      ? value.currentTime
        ? t('sequences.formatTimeHint')
        : t('sequences.formatHint')
      : undefined;

  return (
    <Form layout="vertical" component="div" style={{ maxWidth: 760 }}>
      <Row gutter={token.margin}>
        <Col xs={24} sm={12}>
          <Form.Item {...item('name', true)}>
            <Input
              id="sequence-name"
              value={value.name}
              maxLength={64}
              placeholder="orderNo"
              onChange={(event) => onChange({ name: event.target.value })}
              onPressEnter={onSubmit}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item {...item('caption')}>
            <Input
              id="sequence-caption"
              value={value.caption}
              maxLength={200}
              onChange={(event) => onChange({ caption: event.target.value })}
              onPressEnter={onSubmit}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('sequences.fields.sequenceType')} required>
            <Radio.Group
              aria-label={t('sequences.fields.sequenceType')}
              optionType="button"
              buttonStyle="solid"
              value={value.sequenceType}
              options={SEQUENCE_TYPES.map((type) => ({
                value: type,
                label: t(`enums.sequenceType.${type}`),
              }))}
              onChange={(event) => onChange({ sequenceType: event.target.value as SequenceType })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item {...item('currentTime')} tooltip={t('sequences.currentTimeHint')}>
            <Switch
              id="sequence-currentTime"
              checked={value.currentTime && enabled('currentTime')}
              disabled={!enabled('currentTime')}
              onChange={(currentTime) => onChange({ currentTime })}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item {...item('format', enabled('format'))} extra={formatHint}>
            <Input
              id="sequence-format"
              value={enabled('format') ? value.format : ''}
              disabled={!enabled('format')}
              maxLength={200}
              placeholder={
                enabled('format') ? (value.currentTime ? "'SO'yyyyMMddHHmmss" : 'SO_%09d') : undefined
              }
              onChange={(event) => onChange({ format: event.target.value })}
              onPressEnter={onSubmit}
            />
          </Form.Item>
        </Col>
        {NUMBER_FIELDS.map((field) => (
          <Col key={field} xs={24} sm={12} md={6}>
            <Form.Item {...item(field, enabled(field))}>
              <InputNumber
                id={`sequence-${field}`}
                value={enabled(field) ? value[field] : null}
                disabled={!enabled(field)}
                precision={0}
                style={{ width: '100%' }}
                onChange={(next) => onChange({ [field]: typeof next === 'number' ? next : null })}
                onPressEnter={onSubmit}
              />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12}>
          <Form.Item {...item('cycle')} tooltip={t('sequences.cycleHint')}>
            <Switch
              id="sequence-cycle"
              checked={value.cycle && enabled('cycle')}
              disabled={!enabled('cycle')}
              onChange={(cycle) => onChange({ cycle })}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item {...item('description')}>
            <Input.TextArea
              id="sequence-description"
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
