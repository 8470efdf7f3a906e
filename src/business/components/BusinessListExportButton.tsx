import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusinessListContext } from '../hooks/useBusinessListContext';
import type { ExportFormat } from '../hooks/useRecordExport';

/**
 * 导出 Excel of a business list, with the other exports behind its arrow (all columns, XML): the
 * records the filters match, in the shown columns or all of them. Nothing for who may not export.
 */
export const BusinessListExportButton = () => {
  const { t } = useTranslation();
  const { rights, exporter, startExport, columns } = useBusinessListContext();
  if (!rights.mayExport) return null;
  const start = (format: ExportFormat, allColumns: boolean) =>
    startExport(format, allColumns ? null : columns.visible.map((column) => column.name));
  return (
    <Space.Compact>
      <Button icon={<DownloadOutlined />} loading={exporter.busy} onClick={() => start('excel', false)}>
        {t('businessList.exportExcel')}
      </Button>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        disabled={exporter.busy}
        menu={{
          items: [
            { key: 'excel-all', label: t('businessList.exportExcelAll') },
            { key: 'xml', label: t('businessList.exportXml') },
            { key: 'xml-all', label: t('businessList.exportXmlAll') },
          ],
          onClick: ({ key }) => start(key.startsWith('xml') ? 'xml' : 'excel', key.endsWith('-all')),
        }}
      >
        <Button icon={<DownOutlined />} aria-label={t('businessList.moreExports')} />
      </Dropdown>
    </Space.Compact>
  );
};
