import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../common/components/PageContainer';
import { PaginationBar } from '../../common/components/PaginationBar';
import { QueryState } from '../../common/components/QueryState';
import { useScreenLayout } from '../../common/hooks/useScreenLayout';
import { failureReason } from '../../common/lib/failure-reason';
import { AuditFilterBar } from '../components/AuditFilterBar';
import { AuditLogCards } from '../components/AuditLogCards';
import { AuditLogTable } from '../components/AuditLogTable';
import { useAuditLog } from '../hooks/useAuditLog';

/** 审计日志 (`/audit`): who did what beyond records, newest first, filtered, exported to Excel. */
export const AuditLogPage = () => {
  const { t } = useTranslation();
  const log = useAuditLog();
  const { phone } = useScreenLayout();
  return (
    <PageContainer
      title={t('screens.audit')}
      extra={
        <Button icon={<DownloadOutlined />} loading={log.exporting} onClick={() => void log.exportExcel()}>
          {t('audit.export')}
        </Button>
      }
    >
      <AuditFilterBar onApply={log.apply} narrow={phone} />
      {log.exportFailed ? (
        <Alert
          type="error"
          showIcon
          closable
          style={{ marginBottom: 12 }}
          message={t('audit.exportFailed')}
          description={failureReason(log.exportFailed, t('errors.unreachable'))}
        />
      ) : null}
      <QueryState
        query={log.query}
        failed={t('audit.loadFailed')}
        empty={log.entries.length === 0}
        emptyText={t('audit.empty')}
      >
        <Flex vertical gap={12}>
          {phone ? <AuditLogCards entries={log.entries} /> : <AuditLogTable entries={log.entries} />}
          <PaginationBar
            page={log.page}
            rowsPerPage={log.pageSize}
            count={log.total}
            onChange={log.changePage}
          />
        </Flex>
      </QueryState>
    </PageContainer>
  );
};
