import { Select } from 'antd';
import { choiceCaption } from '../../contract';
import { useCaptionLanguage } from '../common/hooks/useCaption';
import { ChoiceTag } from './ChoiceTags';
import type { FieldInputProps } from './types';

/**
 * A choice column: a dropdown of its options, captioned in the UI language, in option order; a
 * multiple choice column picks several (`mode="multiple"`), each shown as its coloured tag.
 */
export const ChoiceInput = ({ column, id, value, onChange, disabled, placeholder }: FieldInputProps) => {
  const language = useCaptionLanguage();
  const options = column.options ?? [];
  const multiple = Boolean(column.multipleValue);
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch
      optionFilterProp="label"
      disabled={disabled}
      placeholder={placeholder}
      value={value as string | string[] | undefined}
      onChange={(next: string | string[] | undefined) => onChange?.(next ?? (multiple ? [] : null))}
      options={options.map((option) => ({ value: option.value, label: choiceCaption(option, language) }))}
      tagRender={({ value: chosen, closable, onClose }) => (
        <span onMouseDown={(event) => event.preventDefault()}>
          <ChoiceTag
            value={String(chosen)}
            closable={closable}
            onClose={onClose}
            option={options.find((option) => option.value === chosen)}
          />
        </span>
      )}
      style={{ width: '100%' }}
    />
  );
};
