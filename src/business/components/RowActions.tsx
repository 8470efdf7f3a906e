import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';

export type RowAction = 'edit' | 'softDelete' | 'restore' | 'delete' | 'viewJson';

export interface RowActionsProps {
  /** The actions this row offers (what the user may do here). */
  actions: readonly RowAction[];
  /** In the recycle bin, deleting for good is the row's business: it stays in view. */
  recycle: boolean;
  onAction: (action: RowAction) => void;
  /** The extensions' own buttons. */
  extra?: React.ReactNode;
}

/** The width of the actions column: two links and the ⋯ button (English is the longer). */
export const ROW_ACTIONS_WIDTH = 176;

/**
 * A row's actions: edit and soft delete (in the recycle bin restore and delete) in view; viewing
 * the JSON and deleting for good behind ⋯, out of the way of a slip of the mouse.
 */
export const RowActions = ({ actions, recycle, onAction, extra }: RowActionsProps) => {
  const { t } = useTranslation();
  const inView: RowAction[] = recycle ? ['restore', 'delete'] : ['edit', 'softDelete'];
  const shown = inView.filter((action) => actions.includes(action));
  const more = actions.filter((action) => !shown.includes(action));
  const label = (action: RowAction) => t(`businessList.${action}`);
  const danger = (action: RowAction) => action === 'delete' || action === 'softDelete';
  const items: MenuProps['items'] = more.map((action) => ({
    key: action,
    label: label(action),
    danger: danger(action),
  }));
  return (
    <Flex gap={0} wrap={false} align="center">
      {shown.map((action) => (
        <Button
          key={action}
          type="link"
          size="small"
          danger={danger(action)}
          onClick={() => onAction(action)}
        >
          {label(action)}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{ items, onClick: ({ key }) => onAction(key as RowAction) }}
        >
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('businessList.more')} />
        </Dropdown>
      )}
      {extra}
    </Flex>
  );
};
