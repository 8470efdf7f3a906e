import { useDroppable } from '@dnd-kit/core';
import { Card, Empty, Space, Tag, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zoneId, type ListName } from '../lib/builder-dnd';

export interface BuilderZoneProps {
  list: ListName;
  title: string;
  count: number;
  extra?: ReactNode;
  empty: string;
  children: ReactNode;
}

/** A list of the builder: a card whose whole body takes drops. */
export const BuilderZone = ({ list, title, count, extra, empty, children }: BuilderZoneProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { setNodeRef, isOver } = useDroppable({ id: zoneId(list), data: { list } });
  return (
    <Card
      size="small"
      title={
        <Space>
          <span>{title}</span>
          <Tag bordered={false}>{t('layoutBuilder.count', { count })}</Tag>
        </Space>
      }
      extra={extra}
      styles={{ body: { padding: token.paddingXS } }}
    >
      <ul
        ref={setNodeRef}
        aria-label={title}
        data-testid={`zone-${list}`}
        style={{
          margin: 0,
          padding: token.paddingXXS,
          minHeight: 240,
          maxHeight: 'calc(100vh - 400px)',
          overflowY: 'auto',
          borderRadius: token.borderRadius,
          background: isOver ? token.colorPrimaryBg : token.colorFillQuaternary,
          outline: isOver ? `1px dashed ${token.colorPrimary}` : undefined,
          transition: 'background 0.2s',
        }}
      >
        {children}
        {count === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} style={{ margin: '48px 0' }} />
        )}
      </ul>
    </Card>
  );
};
