import { ArrowLeftOutlined, ToolOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import { PageContainer } from '../components/PageContainer';
import { useRegisteredTables } from '../resources/useRegisteredTables';
import type { PlannedScreen } from '../routes/plannedScreens';

/** The one placeholder of every screen a later version builds: its title, 功能开发中, and a way back. */
export const ComingSoonPage = ({ screen }: { screen: PlannedScreen }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const params = useParams();
  const { tables } = useRegisteredTables();
  const table = tables.find((item) => item.name === params.tableName);
  const values = { table: table?.caption || params.tableName || '' };
  const breadcrumb = screen.trail.map((crumb) => {
    const titleKey =
      crumb.titleKey === 'menu.business' && table?.systemable ? 'menu.systemBusiness' : crumb.titleKey;
    let path: string | undefined;
    try {
      path = crumb.to ? generatePath(crumb.to, params) : undefined;
    } catch {
      path = undefined;
    }
    return { title: t(titleKey, values), ...(path ? { path } : {}) };
  });
  return (
    <PageContainer title={t(screen.titleKey, values)} breadcrumb={breadcrumb}>
      <Card>
        <Result
          icon={<ToolOutlined style={{ color: token.colorPrimary }} />}
          title={t('comingSoon.status')}
          subTitle={t('comingSoon.description')}
          extra={
            <Space wrap>
              <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
                {t('comingSoon.back')}
              </Button>
              <Button type="primary" onClick={() => void navigate('/')}>
                {t('errors.backHome')}
              </Button>
            </Space>
          }
        />
      </Card>
    </PageContainer>
  );
};
