import { ArrowLeftOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Flex, Skeleton, Space, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../store/useDocumentTitle';

export interface Crumb {
  title: string;
  path?: string;
}

export interface PageContainerProps {
  /** The heading; undefined while it is not known yet (a placeholder shows, never a wrong text). */
  title: string | undefined;
  subTitle?: ReactNode;
  /** Trail above the title; the page itself is appended. */
  breadcrumb?: Crumb[];
  /** Show a back button (every screen except the home pages, docs/product.md §2). */
  back?: boolean;
  extra?: ReactNode;
  children?: ReactNode;
}

/** Title row (back button, breadcrumb, actions) and content of a page inside the layout. */
export const PageContainer = ({
  title,
  subTitle,
  breadcrumb,
  back = true,
  extra,
  children,
}: PageContainerProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  useDocumentTitle(title);
  const items = [
    { title: <Link to="/">{t('menu.home')}</Link> },
    ...(title === undefined ? [] : (breadcrumb ?? [])).map((crumb) => ({
      title: crumb.path ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
    })),
    ...(title === undefined ? [] : [{ title }]),
  ];
  return (
    <div style={{ maxWidth: 1280, margin: '0 auto' }}>
      <Breadcrumb items={items} style={{ marginBottom: token.marginSM }} />
      <Flex
        align="center"
        justify="space-between"
        gap={token.margin}
        wrap
        style={{ marginBottom: token.marginLG }}
      >
        <Space size={token.marginSM} align="center">
          {back && (
            <Tooltip title={t('common.back')}>
              <Button
                type="text"
                icon={<ArrowLeftOutlined />}
                aria-label={t('common.back')}
                onClick={() => void navigate(-1)}
              />
            </Tooltip>
          )}
          {title === undefined ? (
            <Skeleton.Input active size="small" style={{ width: 160 }} aria-hidden />
          ) : (
            <Typography.Title level={3} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
          )}
          {subTitle && <Typography.Text type="secondary">{subTitle}</Typography.Text>}
        </Space>
        {extra}
      </Flex>
      {children}
    </div>
  );
};
