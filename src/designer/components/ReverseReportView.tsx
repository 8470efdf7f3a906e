import { Alert, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReverseReport } from '../lib/reverse-report';

/** What the last reverse did: each reversed table links to its design; each skipped one says why. */
export const ReverseReportView = ({
  report,
  tableLink,
  onClose,
}: {
  report: ReverseReport;
  tableLink: (id: number) => string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginSM} style={{ marginBottom: token.margin }} data-testid="reverse-report">
      {report.reversed.length > 0 && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={onClose}
          message={t('reverse.reversedCount', { count: report.reversed.length })}
          description={
            <Flex wrap gap={token.marginSM}>
              {report.reversed.map((r) => (
                <Link key={r.table} to={tableLink(r.id)}>
                  {r.table}
                </Link>
              ))}
              {report.warnings > 0 && (
                <Typography.Text type="secondary">
                  {t('reverse.warnings', { count: report.warnings })}
                </Typography.Text>
              )}
              <Typography.Text type="secondary" style={{ flexBasis: '100%' }}>
                {t('reverse.titleColumnHint')}
              </Typography.Text>
            </Flex>
          }
        />
      )}
      {report.skipped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable={report.reversed.length === 0}
          onClose={onClose}
          message={t('reverse.skippedCount', { count: report.skipped.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: token.paddingLG }}>
              {report.skipped.map((s) => (
                <li key={s.table}>
                  <Typography.Text strong>{s.table}</Typography.Text>
                  {t('reverse.reasonSeparator')}
                  {s.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Flex>
  );
};
