import { CloseOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { Button, Flex, InputNumber, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../contract';
import { useCaption } from '../../common/hooks/useCaption';
import { GRID_COLUMNS } from '../../business/lib/form-layout';
import { itemId, type ListName } from '../lib/builder-dnd';

export interface BuilderItemRowProps {
  column: Column;
  list: ListName;
  width?: number;
  required: boolean;
  showWidth: boolean;
  onMove: () => void;
  onWidth?: (width: number | null) => void;
}

/** One column in either list: a drag handle, its names, its width (forms) and a move button. */
export const BuilderItemRow = ({
  column,
  list,
  width,
  required,
  showWidth,
  onMove,
  onWidth,
}: BuilderItemRowProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: itemId(column.id as number), data: { list } });
  const name = useCaption()(column);
  return (
    <li
      ref={setNodeRef}
      data-testid={`${list}-${column.name}`}
      style={{
        listStyle: 'none',
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        display: 'flex',
        alignItems: 'center',
        gap: token.marginXS,
        padding: `${token.paddingXXS}px ${token.paddingXS}px`,
        marginBottom: token.marginXS,
        background: isDragging ? token.colorPrimaryBg : token.colorBgContainer,
        border: `1px solid ${isDragging ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        boxShadow: isDragging ? token.boxShadowSecondary : undefined,
      }}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        icon={<HolderOutlined />}
        aria-label={t('layoutBuilder.drag', { name })}
        style={{ cursor: 'grab', touchAction: 'none', color: token.colorTextTertiary }}
        {...attributes}
        {...listeners}
      />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text ellipsis style={{ lineHeight: 1.3 }}>
          {name}
          {required && (
            <Tooltip title={t('layoutBuilder.required')}>
              <span
                aria-label={t('layoutBuilder.required')}
                style={{ color: token.colorError, marginInlineStart: 4 }}
              >
                *
              </span>
            </Tooltip>
          )}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, lineHeight: 1.3 }}>
          {column.name} · {column.dataType}
        </Typography.Text>
      </Flex>
      {showWidth && list === 'selected' && (
        <Tooltip title={t('layoutBuilder.width')}>
          <InputNumber
            size="small"
            min={1}
            max={GRID_COLUMNS}
            precision={0}
            value={width}
            aria-label={t('layoutBuilder.widthOf', { name })}
            suffix={`/${GRID_COLUMNS}`}
            style={{ width: 76 }}
            onChange={(value) => onWidth?.(value)}
          />
        </Tooltip>
      )}
      <Button
        type="text"
        size="small"
        icon={list === 'selected' ? <CloseOutlined /> : <PlusOutlined />}
        aria-label={t(list === 'selected' ? 'layoutBuilder.remove' : 'layoutBuilder.add', { name })}
        onClick={onMove}
      />
    </li>
  );
};
