import { DeleteOutlined, FileTextOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SavedSql } from '../lib/sql-types';

export interface SavedSqlListProps {
  items: SavedSql[];
  loading: boolean;
  error?: unknown;
  /** The statement last loaded into the editor. */
  activeId?: number;
  onLoad: (item: SavedSql) => void;
  onDelete: (item: SavedSql) => void;
  onRetry: () => void;
}

/** The saved statements beside the editor: load one, or delete it. */
export const SavedSqlList = ({
  items,
  loading,
  error,
  activeId,
  onLoad,
  onDelete,
  onRetry,
}: SavedSqlListProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (loading) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('sqlConsole.savedLoadFailed')}
        description={
          <Flex vertical align="flex-start" gap={token.marginXS}>
            <span>{(error as { message?: string }).message}</span>
            <Button size="small" onClick={onRetry}>
              {t('metadataList.retry')}
            </Button>
          </Flex>
        }
      />
    );
  }
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sqlConsole.noSaved')} />;
  return (
    <Flex vertical gap={token.marginXS} role="list" aria-label={t('sqlConsole.saved')}>
      {items.map((item) => {
        const active = item.id === activeId;
        return (
          <Flex
            key={item.id ?? item.name}
            role="listitem"
            align="flex-start"
            gap={token.marginXS}
            style={{
              padding: `${token.paddingXS}px ${token.paddingSM}px`,
              borderRadius: token.borderRadius,
              border: `1px solid ${active ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
              background: active ? token.colorPrimaryBg : undefined,
            }}
          >
            <button
              type="button"
              aria-label={t('sqlConsole.load', { name: item.caption || item.name })}
              onClick={() => onLoad(item)}
              style={{
                flex: 1,
                minWidth: 0,
                textAlign: 'start',
                background: 'none',
                border: 'none',
                padding: 0,
                cursor: 'pointer',
                color: 'inherit',
                font: 'inherit',
              }}
            >
              <Flex vertical gap={2}>
                <Typography.Text strong ellipsis>
                  <FileTextOutlined style={{ marginInlineEnd: 6, color: token.colorPrimary }} />
                  {item.caption || item.name}
                </Typography.Text>
                <Typography.Text
                  type="secondary"
                  ellipsis
                  style={{ fontSize: 12, fontFamily: token.fontFamilyCode }}
                >
                  {item.sql.replace(/\s+/g, ' ').trim()}
                </Typography.Text>
              </Flex>
            </button>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('buttons.delete')} ${item.caption || item.name}`}
              onClick={() => onDelete(item)}
            />
          </Flex>
        );
      })}
    </Flex>
  );
};
