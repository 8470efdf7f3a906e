import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Input, Select, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { CHOICE_COLORS, choiceAllowedFor, type ChoiceOption } from '../../../contract';
import type { ColumnDraft } from '../lib/column-draft';
import { isColumnFieldEnabled } from '../lib/column-traits';
import { moveItem } from '../lib/move-item';

export interface ChoiceOptionsEditorProps {
  row: ColumnDraft;
  position: number;
  t: TFunction;
  disabled?: boolean;
  error?: string;
  onChange: (field: 'options' | 'multipleValue', value: unknown) => void;
}

const NO_COLOR = '';

/**
 * The options of a text column (a choice column): value, Chinese and English caption and tag
 * colour per option, in the order the dropdown offers them, and whether several may be chosen.
 * Removing the last option makes the column plain text again. Other types show why they have none.
 */
export const ChoiceOptionsEditor = ({
  row,
  position,
  t,
  disabled,
  error,
  onChange,
}: ChoiceOptionsEditorProps) => {
  if (!choiceAllowedFor(row.dataType))
    return <Typography.Text type="secondary">{t('designer.choice.notText')}</Typography.Text>;
  const options = row.options ?? [];
  const n = position + 1;
  const set = (next: ChoiceOption[]) => onChange('options', next.length === 0 ? null : next);
  const update = (index: number, patch: Partial<ChoiceOption>) =>
    set(options.map((option, i) => (i === index ? { ...option, ...patch } : option)));
  const caption = (option: ChoiceOption, language: 'zh-CN' | 'en-US', text: string) => ({
    captions: { ...option.captions, [language]: text },
  });
  const colorOptions = [
    { value: NO_COLOR, label: t('designer.choice.noColor') },
    ...CHOICE_COLORS.map((color) => ({ value: color, label: <Tag color={color}>{color}</Tag> })),
  ];
  return (
    <Flex vertical gap={8} data-testid={`choice-options-${n}`}>
      <Typography.Text type="secondary">{t('designer.choice.hint')}</Typography.Text>
      {options.map((option, index) => (
        <Flex key={index} gap={4} wrap="wrap" align="center" data-testid="choice-option">
          <Input
            size="small"
            style={{ width: 110 }}
            aria-label={`${t('designer.choice.value')} ${n}.${index + 1}`}
            placeholder={t('designer.choice.value')}
            value={option.value}
            disabled={disabled}
            onChange={(event) => update(index, { value: event.target.value })}
          />
          <Input
            size="small"
            style={{ width: 110 }}
            aria-label={`${t('designer.choice.captionZh')} ${n}.${index + 1}`}
            placeholder={t('designer.choice.captionZh')}
            value={option.captions?.['zh-CN'] ?? ''}
            disabled={disabled}
            onChange={(event) => update(index, caption(option, 'zh-CN', event.target.value))}
          />
          <Input
            size="small"
            style={{ width: 110 }}
            aria-label={`${t('designer.choice.captionEn')} ${n}.${index + 1}`}
            placeholder={t('designer.choice.captionEn')}
            value={option.captions?.['en-US'] ?? ''}
            disabled={disabled}
            onChange={(event) => update(index, caption(option, 'en-US', event.target.value))}
          />
          <Select
            size="small"
            style={{ width: 110 }}
            aria-label={`${t('designer.choice.color')} ${n}.${index + 1}`}
            virtual={false}
            popupMatchSelectWidth={false}
            value={option.color ?? NO_COLOR}
            disabled={disabled}
            options={
              option.color && !(CHOICE_COLORS as readonly string[]).includes(option.color)
                ? [
                    ...colorOptions,
                    { value: option.color, label: <Tag color={option.color}>{option.color}</Tag> },
                  ]
                : colorOptions
            }
            onChange={(color: string) => update(index, { color: color === NO_COLOR ? null : color })}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={`${t('designer.choice.up')} ${n}.${index + 1}`}
            disabled={disabled || index === 0}
            onClick={() => set(moveItem(options, index, 'up'))}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={`${t('designer.choice.down')} ${n}.${index + 1}`}
            disabled={disabled || index === options.length - 1}
            onClick={() => set(moveItem(options, index, 'down'))}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('designer.choice.remove')} ${n}.${index + 1}`}
            disabled={disabled}
            onClick={() => set(options.filter((_, i) => i !== index))}
          />
        </Flex>
      ))}
      <Flex gap={12} align="center">
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={disabled}
          onClick={() => set([...options, { value: '' }])}
        >
          {t('designer.choice.add')}
        </Button>
        <Checkbox
          checked={Boolean(row.multipleValue)}
          disabled={disabled || options.length === 0 || !isColumnFieldEnabled(row, 'multipleValue')}
          onChange={(event) => onChange('multipleValue', event.target.checked)}
        >
          {t('designer.choice.multiple')}
        </Checkbox>
      </Flex>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Flex>
  );
};
