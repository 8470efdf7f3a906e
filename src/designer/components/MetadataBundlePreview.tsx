import { Card, Col, Flex, Row, Statistic, Tag, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BundleSection } from '../lib/metadata-bundle';

/** What a metadata file holds, by kind: counts, then the names, with the ones that exist already in red. */
export const MetadataBundlePreview = ({ sections }: { sections: BundleSection[] }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.margin}>
      <Row gutter={[token.margin, token.margin]}>
        {sections.map((section) => (
          <Col key={section.kind} xs={12} md={6}>
            <Card size="small">
              <Statistic
                title={t(`metadataImport.kinds.${section.kind}`)}
                value={section.items.length}
                suffix={
                  section.conflicts > 0 ? (
                    <Typography.Text type="danger" style={{ fontSize: 13 }}>
                      {t('metadataImport.conflictCount', { count: section.conflicts })}
                    </Typography.Text>
                  ) : undefined
                }
              />
            </Card>
          </Col>
        ))}
      </Row>
      {sections
        .filter((section) => section.items.length > 0)
        .map((section) => (
          <Card
            key={section.kind}
            size="small"
            title={`${t(`metadataImport.kinds.${section.kind}`)}（${section.items.length}）`}
          >
            <Flex
              wrap
              gap={token.marginXS}
              role="list"
              aria-label={t(`metadataImport.kinds.${section.kind}`)}
            >
              {section.items.map((item) => {
                const tag = (
                  <Tag
                    role="listitem"
                    color={item.conflict ? 'error' : 'default'}
                    data-conflict={item.conflict || undefined}
                    style={{ marginInlineEnd: 0 }}
                  >
                    <Typography.Text
                      strong={item.conflict}
                      style={{ fontFamily: token.fontFamilyCode, color: 'inherit' }}
                    >
                      {item.label}
                    </Typography.Text>
                    {item.detail && <span style={{ opacity: 0.7 }}> {item.detail}</span>}
                    {item.conflict && <span> · {t('metadataImport.exists')}</span>}
                  </Tag>
                );
                return item.conflict ? (
                  <Tooltip key={item.key} title={t('metadataImport.existsHint')}>
                    {tag}
                  </Tooltip>
                ) : (
                  <span key={item.key}>{tag}</span>
                );
              })}
            </Flex>
          </Card>
        ))}
    </Flex>
  );
};
