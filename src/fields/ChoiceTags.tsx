import { Tag } from 'antd';
import { choiceCaption, choiceValuesOf, type ChoiceOption, type Column } from '../../contract';
import { useCaptionLanguage } from '../common/hooks/useCaption';

export interface ChoiceTagProps {
  /** The option shown; absent for a stored value that is no longer an option (shown as it is). */
  option?: ChoiceOption;
  value: string;
  /** In a multiple choice dropdown: the tag takes the chosen value out. */
  closable?: boolean;
  onClose?: () => void;
}

/** One chosen value: a tag in the option's colour with its caption in the UI language. */
export const ChoiceTag = ({ option, value, closable, onClose }: ChoiceTagProps) => {
  const language = useCaptionLanguage();
  return (
    <Tag
      color={option?.color ?? undefined}
      closable={closable}
      onClose={onClose}
      style={{ marginInlineEnd: 4 }}
    >
      {option ? choiceCaption(option, language) : value}
    </Tag>
  );
};

/** A choice column's value in a list or a record view: a tag per chosen value. */
export const ChoiceTags = ({ column, value }: { column: Column; value: unknown }) => {
  const options = column.options ?? [];
  const values = choiceValuesOf(value, Boolean(column.multipleValue));
  return (
    <>
      {values.map((chosen) => (
        <ChoiceTag key={chosen} value={chosen} option={options.find((option) => option.value === chosen)} />
      ))}
    </>
  );
};
