import {
  ConsoleSqlOutlined,
  DatabaseOutlined,
  FieldNumberOutlined,
  ShareAltOutlined,
  SwapOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { useGetIdentity, usePermissions } from '@refinedev/core';
import { Avatar, Button, Card, Col, Empty, Flex, Row, Skeleton, Tag, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordCount } from './RecordCount';
import { emptyHomeHint } from './empty-home-hint';
import { useMayDesignTables } from '../common/hooks/useMayDesignTables';
import { appPaths, visibleMenuCodes } from '../common/lib/menu';
import type { Identity } from '@crudboard/client';
import { useUserTables } from '../resources/useUserTables';
import type { PermissionInfo } from '../store/session';
import { useAppConfig } from '../store/useAppConfig';
import { useCurrentDataSource, useDataSources } from '../store/useCurrentDataSource';
import { useDocumentTitle } from '../store/useDocumentTitle';
import { useUserMenu } from '../store/useUserMenu';
import { useSqlAccess } from '../sql/hooks/useSqlAccess';
import { useCaption, useWellKnownNames } from '../common/hooks/useCaption';

const QuickLink = ({
  to,
  icon,
  title,
  hint,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  hint: string;
}) => {
  const { token } = theme.useToken();
  return (
    <Link to={to} style={{ display: 'block', height: '100%' }}>
      <Card hoverable size="small" style={{ height: '100%' }} styles={{ body: { padding: 16 } }}>
        <Flex gap={12} align="center">
          <span
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: 40,
              height: 40,
              borderRadius: 10,
              fontSize: 20,
              color: token.colorPrimary,
              background: token.colorPrimaryBg,
              flex: 'none',
            }}
          >
            {icon}
          </span>
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong>{title}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {hint}
            </Typography.Text>
          </Flex>
        </Flex>
      </Card>
    </Link>
  );
};

/** / and /dataSource/:dataSource: welcome, quick links and the user's tables. */
export const HomePage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { appName } = useAppConfig();
  const { data: identity } = useGetIdentity<Identity>();
  const { data: permission } = usePermissions<PermissionInfo | null>({});
  const { codes } = useUserMenu();
  const { dataSource } = useCurrentDataSource();
  const dataSources = useDataSources();
  const { tables, isLoading } = useUserTables(dataSource);
  const canExecuteSql = useSqlAccess() === true;
  const mayCreateTables = useMayDesignTables('create');
  useDocumentTitle(t('home.title'));
  const caption = useCaption();
  const names = useWellKnownNames();

  const paths = appPaths(dataSource);
  // Business tables first, then the built-in ones.
  const ordered = [...tables].sort((a, b) => Number(Boolean(a.systemable)) - Number(Boolean(b.systemable)));
  const visible = visibleMenuCodes(codes, permission?.isSuperAdmin ?? false);
  const current = dataSources.find((ds) => ds.name === dataSource);
  const sourceCaption = current ? names.dataSource(current) : dataSource;
  const name = names.user(identity);
  const emptyHint = emptyHomeHint(dataSource, mayCreateTables);

  const metadataLinks = [
    { key: 'tables', to: paths.tables, icon: <TableOutlined /> },
    { key: 'sequences', to: paths.sequences, icon: <FieldNumberOutlined /> },
    { key: 'relations', to: paths.relations, icon: <ShareAltOutlined /> },
    { key: 'sqls', to: paths.sqls, icon: <ConsoleSqlOutlined /> },
  ].filter((link) => link.key !== 'sqls' || canExecuteSql);
  const links = [
    ...(visible.includes('metadata') ? metadataLinks : []),
    ...(visible.includes('business')
      ? [
          {
            key: 'transfer',
            to: paths.businessImport,
            icon: <SwapOutlined />,
          },
        ]
      : []),
  ];

  return (
    <div style={{ maxWidth: 1280, margin: '0 auto' }}>
      <Card
        style={{
          marginBottom: token.marginLG,
          background: `linear-gradient(120deg, ${token.colorPrimaryBg} 0%, ${token.colorBgContainer} 70%)`,
        }}
      >
        <Flex align="center" gap={20} wrap>
          <Avatar
            size={64}
            src={identity?.avatar || undefined}
            style={{ background: token.colorPrimary, fontSize: 28 }}
          >
            {name.slice(0, 1)}
          </Avatar>
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 240 }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('home.greeting', { name })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('home.welcome', { appName })}</Typography.Text>
          </Flex>
          <Flex vertical align="flex-end" gap={4}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('home.currentDataSource')}
            </Typography.Text>
            <Tag
              icon={<DatabaseOutlined />}
              color="blue"
              style={{ fontSize: 14, padding: '4px 10px', marginInlineEnd: 0 }}
            >
              {sourceCaption}
              {sourceCaption !== dataSource ? ` (${dataSource})` : ''}
            </Tag>
          </Flex>
        </Flex>
      </Card>

      {links.length > 0 && (
        <section style={{ marginBottom: token.marginLG }}>
          <Typography.Title level={5}>{t('home.quickLinks')}</Typography.Title>
          <Row gutter={[16, 16]}>
            {links.map((link) => (
              <Col key={link.key} xs={24} sm={12} lg={6}>
                <QuickLink
                  to={link.to}
                  icon={link.icon}
                  title={t(`home.links.${link.key}`)}
                  hint={t(`home.links.${link.key}Hint`)}
                />
              </Col>
            ))}
          </Row>
        </section>
      )}

      <section>
        <Flex align="baseline" gap={8}>
          <Typography.Title level={5}>{t('home.tables')}</Typography.Title>
          {!isLoading && tables.length > 0 && (
            <Typography.Text type="secondary">
              {t('home.tableCount', { count: tables.length })}
            </Typography.Text>
          )}
        </Flex>
        {isLoading ? (
          <Card>
            <Skeleton active />
          </Card>
        ) : tables.length === 0 ? (
          <Card>
            <Empty description={t('home.noTables')}>
              <Flex vertical align="center" gap={12}>
                <Typography.Text type="secondary">{t(emptyHint.hint)}</Typography.Text>
                {emptyHint.action && (
                  <Link to={emptyHint.action.to}>
                    <Button type="primary">{t(emptyHint.action.label)}</Button>
                  </Link>
                )}
              </Flex>
            </Empty>
          </Card>
        ) : (
          <Row gutter={[16, 16]}>
            {ordered.map((table) => (
              <Col key={table.name} xs={24} sm={12} lg={8} xl={6}>
                <Link to={paths.business(table.name)}>
                  <Card
                    hoverable
                    size="small"
                    title={caption(table)}
                    extra={table.systemable ? <Tag>{t('home.systemTable')}</Tag> : null}
                  >
                    <Flex justify="space-between" align="center" gap={8}>
                      <Typography.Text type="secondary" code>
                        {table.name}
                      </Typography.Text>
                      <RecordCount table={table} dataSource={dataSource} />
                    </Flex>
                    <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
                      {t('home.columnCount', { count: table.columns?.length ?? 0 })}
                    </Typography.Paragraph>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </section>
    </div>
  );
};
