import { ApiOutlined, CheckCircleFilled } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, List, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../common/components/BrandMark';
import { PageContainer } from '../common/components/PageContainer';
import { appInfo } from '../config/appInfo';
import { apiDocsHref } from '../providers/app-calls';

const FEATURES = ['metadata', 'business', 'io', 'dataSources'] as const;

/** /about: product, version, description and the API docs. */
export const AboutPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const docsUrl = apiDocsHref();
  return (
    <PageContainer title={t('about.title')} breadcrumb={[{ title: t('menu.system') }]}>
      <Card style={{ marginBottom: token.marginLG }}>
        <Flex align="center" gap={20} wrap>
          <BrandMark size={64} />
          <Flex vertical gap={6} style={{ flex: 1, minWidth: 240 }}>
            <Flex align="center" gap={10}>
              <Typography.Title level={2} style={{ margin: 0 }}>
                {appInfo.name}
              </Typography.Title>
              <Tag color="blue">v{appInfo.version}</Tag>
            </Flex>
            <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
          </Flex>
          <Button
            type="primary"
            icon={<ApiOutlined />}
            href={docsUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('about.openApiDocs')}
          </Button>
        </Flex>
      </Card>
      <Card>
        <Descriptions
          column={1}
          labelStyle={{ width: 140 }}
          items={[
            { key: 'name', label: t('about.productName'), children: appInfo.name },
            { key: 'version', label: t('about.version'), children: appInfo.version },
            { key: 'description', label: t('about.description'), children: t('app.description') },
            {
              key: 'features',
              label: t('about.features'),
              children: (
                <List
                  size="small"
                  split={false}
                  dataSource={FEATURES.map((key) => t(`about.featureList.${key}`))}
                  renderItem={(text) => (
                    <List.Item style={{ paddingInline: 0, paddingBlock: 2 }}>
                      <CheckCircleFilled style={{ color: token.colorSuccess, marginInlineEnd: 8 }} />
                      {text}
                    </List.Item>
                  )}
                />
              ),
            },
            {
              key: 'docs',
              label: t('about.apiDocs'),
              children: (
                <Typography.Link href={docsUrl} target="_blank" rel="noopener noreferrer">
                  {docsUrl}
                </Typography.Link>
              ),
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
};
