import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { laneColor } from './kanban-board';

/** A value as the board's lane tag: coloured by value, 是/否 for flags, nothing for no value. */
export const LaneTag = ({ value }: { value: unknown }) => {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'boolean' ? t(value ? 'common.yes' : 'common.no') : String(value);
  return (
    <Tag color={laneColor(value)} bordered={false}>
      {text}
    </Tag>
  );
};
